// Session 1 without JavaScript, step 2: the wheel drawn on the server, the total and the Keystone
// Arena as a radio group (lowest score first, the lowest chosen by default). Choosing stores
// nothing, so it is a GET form to the reflections step, which shows the confirmation.

import { ArenaScoreParts, arenaStyle } from '../../components/ArenaParts';
import { WheelResults } from '../../components/WheelResults';
import type { Arena } from '../../domain/arenas';
import { type ArenaScores, arenasByScore } from '../../domain/scoring';
import { session1StepPath } from '../../domain/session1-steps';

export interface ResultsStepProps {
  scores: ArenaScores;
  keystone: Arena;
}

export function ResultsStep({ scores, keystone }: ResultsStepProps) {
  return (
    <section className="card wot-card wot-results" aria-labelledby="s1-results-title">
      <WheelResults titleId="s1-results-title" scores={scores} keystone={keystone}>
        <form method="get" action="/sessions/1" className="form">
          <input type="hidden" name="step" value="reflections" />
          <fieldset className="s1-keystone">
            <legend className="section-title">Keystone Arena</legend>
            <p className="muted small">Your lowest-scoring arena is suggested. Arenas are listed from lowest to highest score.</p>
            {arenasByScore(scores).map((arena) => (
              <label key={arena} className="s1-keystone-choice" style={arenaStyle(arena)}>
                <input type="radio" name="keystone" value={arena} defaultChecked={arena === keystone} />
                <ArenaScoreParts arena={arena} score={scores[arena]} nameClass="s1-keystone-name" valueClass="s1-keystone-score" />
              </label>
            ))}
          </fieldset>
          <div className="wot-actions">
            <a className="button button-outline" href={session1StepPath('answers')}>
              Change Answers
            </a>
            <button type="submit" className="button button-primary">
              Continue
            </button>
          </div>
        </form>
      </WheelResults>
    </section>
  );
}

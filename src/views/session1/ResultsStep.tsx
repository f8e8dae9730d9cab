// Session 1 without JavaScript, step 2: the wheel drawn on the server, the total and the Keystone
// Arena as a radio group (lowest score first, the lowest chosen by default). Choosing stores
// nothing, so it is a GET form to the reflections step, which shows the confirmation.
import { WheelChart } from '../../components/WheelChart';
import { ARENAS, ARENA_COLORS, type Arena } from '../../domain/arenas';
import { arenasByScore, weakestArena, type ArenaScores } from '../../domain/scoring';
import { session1StepPath } from '../../domain/session1-steps';
import { ArenaScoreParts, arenaStyle, TotalScore } from '../../components/ArenaParts';

export interface ResultsStepProps {
  scores: ArenaScores;
  keystone: Arena;
}

export function ResultsStep({ scores, keystone }: ResultsStepProps) {
  const items = ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
  return (
    <section className="card wot-card wot-results" aria-labelledby="s1-results-title">
      <header className="wot-results-header">
        <h2 id="s1-results-title" className="wot-title">
          Your Wheel of Truth
        </h2>
        <p className="muted">How you rated yourself across the seven arenas of life.</p>
      </header>
      <div className="wot-results-grid">
        <figure className="wot-wheel">
          <WheelChart items={items} keystone={keystone} weakest={weakestArena(scores)} />
        </figure>
        <div className="wot-summary">
          <TotalScore scores={scores} />
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
        </div>
      </div>
    </section>
  );
}

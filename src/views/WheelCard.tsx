// Dashboard card 'Your Life7 Wheel': the wheel and scores from Session 1, or 'Wheel Locked'.

import { ScoreSliderRow } from '../components/ScoreSliderRow';
import { WheelChart } from '../components/WheelChart';
import { ARENA_COLORS, ARENAS } from '../domain/arenas';
import { PRODUCT_NAME } from '../domain/product';
import type { Session1View } from '../domain/progress-view';
import { weakestArena } from '../domain/scoring';
import { API, sessionPath } from '../paths';

export function WheelCard({ session1 }: { session1: Session1View | null }) {
  return (
    <section className="card" aria-labelledby="wheel-card-title">
      <h2 id="wheel-card-title" className="card-title">
        Your {PRODUCT_NAME} Wheel
      </h2>
      {session1?.completedAt ? (
        <>
          <WheelChart
            items={ARENAS.map((arena) => ({ name: arena, value: session1.scores[arena], color: ARENA_COLORS[arena] }))}
            keystone={session1.keystoneArena}
            weakest={weakestArena(session1.scores)}
          />
          <p className="muted">
            Keystone Arena: <strong>{session1.keystoneArena ?? 'Not set'}</strong>
          </p>
          <fieldset className="score-list" disabled>
            <legend className="muted small">Your scores from Session 1 - Wheel of Truth</legend>
            {ARENAS.map((arena) => (
              <ScoreSliderRow key={arena} arena={arena} value={session1.scores[arena]} disabled idPrefix="dashboard-score" />
            ))}
          </fieldset>
          <a className="button button-outline" href={API.wheelImage} download>
            Export as Image
          </a>
        </>
      ) : (
        <div className="wheel-locked">
          <p className="card-title">Wheel Locked</p>
          <p className="muted">Complete Session 1 to see your wheel.</p>
          <a className="button button-primary" href={sessionPath(1)}>
            Go to Session 1
          </a>
        </div>
      )}
    </section>
  );
}

// Dashboard card 'Your Life7 Wheel': the wheel and scores from Session 1, or 'Wheel Locked'.
import { WheelChart } from '../components/WheelChart';
import { ARENA_COLORS, ARENA_ICONS, ARENAS } from '../domain/arenas';
import { PRODUCT_NAME } from '../domain/product';
import type { Session1View } from '../domain/progress-view';
import { formatScore, weakestArena } from '../domain/scoring';
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
          <figure className="score-list">
            <figcaption className="muted small">Your scores from Session 1 - Wheel of Truth</figcaption>
            <ul>
              {ARENAS.map((arena) => (
                <li key={arena}>
                  <span aria-hidden="true">{ARENA_ICONS[arena]}</span> {arena}
                  <span className="score-value">{formatScore(session1.scores[arena])}</span>
                </li>
              ))}
            </ul>
          </figure>
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

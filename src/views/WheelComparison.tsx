// 'Your Progress Since Your First Wheel' on /summary (docs/product.md#re-assessment): the first and
// the latest wheels side by side, the change per arena and in total, whether the Keystone arena
// improved more than the others, and the five questions whose answers moved most.

import { ArenaIcon } from '../components/ArenaIcon';
import { WheelChart } from '../components/WheelChart';
import { ARENA_COLORS, ARENAS, type Arena, isArena } from '../domain/arenas';
import { keystoneProgress, mostMovedQuestions } from '../domain/reassessment';
import { formatScore, totalScore, weakestArena } from '../domain/scoring';
import { formatInstantDay } from '../domain/time-zone';
import { API, WHEEL_COMPARE_PARAM } from '../paths';
import { TableHead } from './TableHead';

export interface WheelSnapshot {
  scores: Record<Arena, number>;
  completedAt: string;
  keystoneArena: string | null;
  /** The 70 answers of that wheel; null when they were not kept (wheels before migration 0013). */
  questionResponses: Record<string, number> | null;
  /** The reflections written with that wheel (decision 39); null when they were not kept. */
  reflections: string[] | null;
}

function wheelItems(scores: Record<Arena, number>) {
  return ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
}

/** '+1.2', '−0.5' (a real minus sign) or '0.0': the sign is in the text, not only in a colour. */
function formatChange(from: number, to: number): string {
  const change = Math.round((to - from) * 10) / 10;
  if (change > 0) return `+${formatScore(change)}`;
  if (change < 0) return `−${formatScore(-change)}`;
  return formatScore(0);
}

function changeClass(from: number, to: number): string {
  const change = Math.round((to - from) * 10) / 10;
  return change > 0 ? 'change change-up' : change < 0 ? 'change change-down' : 'change';
}

/** Whole-number answers: '+3', '−2'. */
function formatAnswerChange(change: number): string {
  return change > 0 ? `+${change}` : `−${-change}`;
}

function KeystoneVerdict({ first, latest, keystone }: { first: Record<Arena, number>; latest: Record<Arena, number>; keystone: Arena }) {
  const result = keystoneProgress(first, latest, keystone);
  const keystoneChange = formatChange(0, result.keystoneChange);
  const othersChange = formatChange(0, result.othersChange);
  return (
    <p className={`banner ${result.improvedMore ? 'banner-success' : 'banner-info'} keystone-verdict`}>
      {result.improvedMore
        ? `Your Keystone arena, ${keystone}, improved more than the others: ${keystoneChange} against ${othersChange} on average.`
        : `Your Keystone arena, ${keystone}, did not improve more than the others: ${keystoneChange} against ${othersChange} on average.`}
    </p>
  );
}

export function WheelComparison({
  history,
  keystone,
  timeZone,
}: {
  history: { first: WheelSnapshot; latest: WheelSnapshot };
  keystone: string | null;
  timeZone: string;
}) {
  const { first, latest } = history;
  const firstOn = formatInstantDay(first.completedAt, timeZone) ?? first.completedAt;
  const latestOn = formatInstantDay(latest.completedAt, timeZone) ?? latest.completedAt;
  const firstTotal = totalScore(first.scores);
  const latestTotal = totalScore(latest.scores);
  const moved =
    first.questionResponses && latest.questionResponses ? mostMovedQuestions(first.questionResponses, latest.questionResponses) : null;
  return (
    <section className="card" aria-labelledby="compare-title">
      <h2 id="compare-title" className="card-title">
        Your Progress Since Your First Wheel
      </h2>
      {isArena(keystone) && <KeystoneVerdict first={first.scores} latest={latest.scores} keystone={keystone} />}
      <div className="wheel-compare">
        {[
          { label: 'First', on: firstOn, scores: first.scores },
          { label: 'Latest', on: latestOn, scores: latest.scores },
        ].map(({ label, on, scores }) => (
          <figure key={label}>
            <WheelChart items={wheelItems(scores)} weakest={weakestArena(scores)} size={280} title={`${label} wheel, ${on}`} />
            <figcaption>
              {label} · <span className="muted">{on}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="muted small">Change per arena from your first to your latest wheel</caption>
          <TableHead columns={['Arena', 'First', 'Latest', 'Change']} />
          <tbody>
            {ARENAS.map((arena) => (
              <tr key={arena} className={arena === keystone ? 'row-keystone' : undefined}>
                <th scope="row">
                  <span className="nowrap">
                    <ArenaIcon arena={arena} /> {arena}
                  </span>
                  {arena === keystone && <span className="badge">Keystone</span>}
                </th>
                <td>{formatScore(first.scores[arena])}</td>
                <td>{formatScore(latest.scores[arena])}</td>
                <td className={changeClass(first.scores[arena], latest.scores[arena])}>
                  {formatChange(first.scores[arena], latest.scores[arena])}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatScore(firstTotal)}</td>
              <td>{formatScore(latestTotal)}</td>
              <td className={changeClass(firstTotal, latestTotal)}>{formatChange(firstTotal, latestTotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p>
        <a className="button button-outline button-small" href={`${API.wheelImage}?${WHEEL_COMPARE_PARAM}`} download>
          Export comparison as image
        </a>
      </p>
      <h3 className="section-title" id="moved-title">
        The answers that moved most
      </h3>
      {moved === null ? (
        <p className="muted">Your first wheel's answers were not kept, so only the arena scores can be compared.</p>
      ) : moved.length === 0 ? (
        <p className="muted">No answer changed between your first and your latest wheel.</p>
      ) : (
        <ol className="moved-list" aria-labelledby="moved-title">
          {moved.map((move) => (
            <li key={move.id}>
              <span className="moved-text">
                <span className="muted small">
                  <ArenaIcon arena={move.arena} /> {move.arena}
                </span>
                <span>{move.text}</span>
              </span>
              <span className="moved-values">
                {`${move.first} → ${move.latest} `}
                <span className={move.change > 0 ? 'change change-up' : 'change change-down'}>({formatAnswerChange(move.change)})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// The four sessions on the coach's page for one participant: done or not, when, and the answers.
import type { ProgressView } from '../domain/progress-view';
import { REFLECTION_QUESTIONS } from '../domain/questions';
import { sessionInfo } from '../domain/session-status';

function Done({ at, formatDate }: { at: string | null | undefined; formatDate: (iso: string) => string }) {
  return at ? (
    <span className="badge badge-success nowrap">Completed on {formatDate(at)}</span>
  ) : (
    <span className="badge badge-neutral nowrap">Not completed</span>
  );
}

export function AdminUserSessions({ view, formatDate }: { view: ProgressView; formatDate: (iso: string) => string }) {
  const { session1: s1, session2: s2, session3: s3, session4: s4 } = view;
  return (
    <ol className="admin-sessions">
      <li className="card">
        <h3 className="card-title">
          Session 1 · {sessionInfo(1).pageTitle} <Done at={s1?.completedAt} formatDate={formatDate} />
        </h3>
        {s1 && (
          <dl className="answer-list">
            <div>
              <dt>Keystone Arena</dt>
              <dd>{s1.keystoneArena ?? 'Not set'}</dd>
            </div>
            {s1.reflections.map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once on the server; the index is the reflection's question number
              <div key={i}>
                <dt>{REFLECTION_QUESTIONS[i] ?? `Reflection ${i + 1}`}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        )}
      </li>
      <li className="card">
        <h3 className="card-title">
          Session 2 · {sessionInfo(2).pageTitle} <Done at={s2?.completedAt} formatDate={formatDate} />
        </h3>
        {s2 && (
          <dl className="answer-list">
            {s2.blockers.map((b) => (
              <div key={b.name}>
                <dt>
                  {b.name}
                  {b.arenas.length > 0 && <span className="muted"> · {b.arenas.join(', ')}</span>}
                </dt>
                <dd>{b.reflection}</dd>
              </div>
            ))}
          </dl>
        )}
      </li>
      <li className="card">
        <h3 className="card-title">
          Session 3 · {sessionInfo(3).pageTitle} <Done at={s3?.completedAt} formatDate={formatDate} />
        </h3>
        {s3 && (
          <dl className="answer-list">
            {s3.accelerators.map((a) => (
              <div key={a.name}>
                <dt>{a.name}</dt>
                <dd>
                  Daily action: {a.dailyAction}
                  <br />
                  Measured by: {a.measurement}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </li>
      <li className="card">
        <h3 className="card-title">
          Session 4 · {sessionInfo(4).pageTitle} <Done at={s4?.completedAt} formatDate={formatDate} />
        </h3>
        {s4 && (
          <dl className="answer-list">
            <div>
              <dt>90-day vision</dt>
              <dd>{s4.vision90Day}</dd>
            </div>
            <div>
              <dt>90-day target</dt>
              <dd>{s4.target90Day ?? '—'}</dd>
            </div>
            {s4.milestones.map((m) => (
              <div key={m.week}>
                <dt>Day {m.week}</dt>
                <dd>{m.goal}</dd>
              </div>
            ))}
          </dl>
        )}
      </li>
    </ol>
  );
}

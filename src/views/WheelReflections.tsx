// 'What you wrote with each wheel' on /summary (decision 39, docs/product.md#re-assessment): a
// retake keeps the earlier wheel's reflections with that wheel, so the summary shows the first
// wheel's beside the latest's. The wheels in between are in the download.
import { REFLECTION_QUESTIONS } from '../domain/questions';
import { formatInstantDay } from '../domain/time-zone';

export interface WheelWithReflections {
  completedAt: string;
  keystoneArena: string | null;
  /** Null for a wheel whose reflections were replaced before each wheel kept its own (migration 0022). */
  reflections: string[] | null;
}

function Wheel({ label, wheel, timeZone }: { label: string; wheel: WheelWithReflections; timeZone: string }) {
  const on = formatInstantDay(wheel.completedAt, timeZone) ?? wheel.completedAt;
  const titleId = `wheel-reflections-${label.toLowerCase()}`;
  return (
    <section className="wheel-reflections-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="section-title">
        {`${label} wheel, `}
        <time dateTime={wheel.completedAt}>{on}</time>
        {wheel.keystoneArena && <span className="muted small">{` · Keystone ${wheel.keystoneArena}`}</span>}
      </h3>
      {wheel.reflections ? (
        <dl className="answers">
          {REFLECTION_QUESTIONS.map((prompt, i) => (
            <div key={prompt}>
              <dt>{prompt}</dt>
              <dd>{wheel.reflections?.[i] || <span className="muted">Not answered</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">The reflections of this wheel were not kept: it was retaken before Life7 kept each wheel's own.</p>
      )}
    </section>
  );
}

export function WheelReflections({
  first,
  latest,
  timeZone,
}: {
  first: WheelWithReflections;
  latest: WheelWithReflections;
  timeZone: string;
}) {
  return (
    <section className="card wheel-reflections" aria-labelledby="wheel-reflections-title">
      <h2 id="wheel-reflections-title" className="card-title">
        What you wrote with each wheel
      </h2>
      <p className="card-subtitle">A retake keeps what you wrote before. The wheels in between are in 'Download My Progress'.</p>
      <div className="grid-2">
        <Wheel label="First" wheel={first} timeZone={timeZone} />
        <Wheel label="Latest" wheel={latest} timeZone={timeZone} />
      </div>
    </section>
  );
}

import { RATING_HIGH_LABEL, RATING_LOW_LABEL } from '../domain/questions';

/** The words under a 1-10 rating row; hidden from screen readers, which hear them in the prompt. */
export function ScaleLabels({ className }: { className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <span>{RATING_LOW_LABEL}</span>
      <span>{RATING_HIGH_LABEL}</span>
    </div>
  );
}

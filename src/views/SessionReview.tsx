// Review mode (docs/product.md#review-mode): a completed session opens
// read-only under 'Completed on {date}' with an 'Edit answers' button. The button is a link to the
// page with `?edit`, so it works without JavaScript; only then can the form be saved again.
import type { ReactNode } from 'react';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../domain/time-zone';

/** The query parameter that opens a completed session's form for editing. */
export const EDIT_PARAM = 'edit';

export interface SessionReviewProps {
  /** The session's completion time (ISO), or null when it was never completed. */
  completedAt: string | null | undefined;
  /** The session page's own address, `/sessions/2`. */
  pagePath: string;
  /** The visitor asked to edit (`?edit`), or a failed save re-renders the form. */
  editing: boolean;
  timeZone?: string;
  children: ReactNode;
}

export function SessionReview({ completedAt, pagePath, editing, timeZone = DEFAULT_TIME_ZONE, children }: SessionReviewProps) {
  if (!completedAt) return <>{children}</>;
  const date = <time dateTime={completedAt}>{formatInstantDay(completedAt, timeZone) ?? completedAt}</time>;
  if (editing) {
    return (
      <>
        <p className="banner banner-warning review-notice" role="status">
          <span>Completed on {date}. You are editing: saving replaces these answers.</span>
          <a className="button button-outline button-small" href={pagePath}>
            Stop editing
          </a>
        </p>
        {children}
      </>
    );
  }
  return (
    <>
      <p className="banner banner-success review-notice">
        <span>Completed on {date}</span>
        <a className="button button-primary button-small" href={`${pagePath}?${EDIT_PARAM}`}>
          Edit answers
        </a>
      </p>
      {/* A disabled fieldset makes every control inside read-only, islands included. */}
      <fieldset className="session-review" disabled>
        <legend className="visually-hidden">Your saved answers (read-only)</legend>
        {children}
      </fieldset>
    </>
  );
}

// Review mode (docs/product.md#review-mode): a completed session opens
// read-only under 'Completed on {date}' with an 'Edit answers' button. The button is a link to the
// page with `?edit`, so it works without JavaScript; only then can the form be saved again.
import type { ReactNode } from 'react';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../domain/time-zone';

/** The query parameter that opens a completed session's form for editing. */
export const EDIT_PARAM = 'edit';

/** The query parameter that starts a new Session 1 wheel from question 1 (the dashboard's 'Retake the Wheel of Truth'; decision 39). */
export const RETAKE_PARAM = 'retake';

export interface SessionReviewProps {
  /** The session's completion time (ISO), or null when it was never completed. */
  completedAt: string | null | undefined;
  /** The session page's own address, `/sessions/2`. */
  pagePath: string;
  /** The visitor asked to edit (`?edit`), or a failed save re-renders the form. */
  editing: boolean;
  /** Session 1 only: a retake (`?retake`), a new wheel that keeps the saved one (decision 39). */
  retaking?: boolean;
  timeZone?: string;
  children: ReactNode;
}

export function SessionReview({
  completedAt,
  pagePath,
  editing,
  retaking = false,
  timeZone = DEFAULT_TIME_ZONE,
  children,
}: SessionReviewProps) {
  if (!completedAt) return <>{children}</>;
  const date = <time dateTime={completedAt}>{formatInstantDay(completedAt, timeZone) ?? completedAt}</time>;
  if (retaking) {
    return (
      <>
        <p className="banner banner-info review-notice" role="status">
          <span>A new wheel from question 1. Your earlier wheels stay in your history with their answers and reflections.</span>
          <a className="button button-outline button-small" href={pagePath}>
            Cancel retake
          </a>
        </p>
        {children}
      </>
    );
  }
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

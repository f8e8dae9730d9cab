// What the frame of every page knows about where it runs, set once by renderPage: a view reads it
// with `use(FrameContext)` instead of every page passing it down.
import { createContext } from 'react';
import { DEFAULT_COACH_TIME_ZONE } from '../domain/webinars';

export interface Frame {
  /** Outside production only: the demo tools ('Reset Demo Data', decision 30). */
  demoTools: boolean;
  /** With the demo tools: the page's own address (path and query), where 'Reset Demo Data' comes back to without JavaScript. */
  returnTo: string | null;
  /** The coaches' zone (COACH_TIME_ZONE): cohort dates and the webinar schedule are typed and shown in it. */
  coachZone: string;
}

export const FrameContext = createContext<Frame>({ demoTools: false, returnTo: null, coachZone: DEFAULT_COACH_TIME_ZONE });

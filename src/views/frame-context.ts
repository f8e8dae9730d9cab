// What the frame of every page knows about where it runs, set once by renderPage: a view reads it
// with `use(FrameContext)` instead of every page passing it down.
import { createContext } from 'react';

export interface Frame {
  /** Outside production only: the demo tools ('Reset Demo Data', decision 30). */
  demoTools: boolean;
}

export const FrameContext = createContext<Frame>({ demoTools: false });

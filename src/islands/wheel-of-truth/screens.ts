// The screens of Session 1 after the questions (results with the wheel and the dialogs, and the
// reflections) as the island gets them: in the browser as chunks of their own, loaded on demand
// (src/islands/WheelOfTruth.tsx says when); on the server imported (WheelOfTruth.server.tsx gives
// them through WheelScreensContext).
import { type ComponentType, createContext, lazy } from 'react';
import type { ReflectionsProps } from './Reflections';
import type { ResultsProps } from './Results';

/** The screens after the questions, and how to have them ready before one is shown. */
export interface WheelScreens {
  Results: ComponentType<ResultsProps>;
  Reflections: ComponentType<ReflectionsProps>;
  /** Whether both can render without suspending. */
  ready: () => boolean;
  /** Fetches both (once; again after a failure). */
  load: () => Promise<unknown>;
}

/** Both screens, loaded on demand into one chunk each. */
function lazyScreens(): WheelScreens {
  let loaded: { Results: ComponentType<ResultsProps>; Reflections: ComponentType<ReflectionsProps> } | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('./Results'), import('./Reflections')]).then(
      ([results, reflections]) => (loaded = { Results: results.Results, Reflections: reflections.Reflections }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  // Once the code is here, React.lazy gets a thenable that answers at once, so the first render
  // of a screen does not suspend for a microtask (React reads the result synchronously).
  const screen = <P>(pick: (screens: NonNullable<typeof loaded>) => ComponentType<P>) =>
    lazy(() => {
      if (loaded) {
        const module = { default: pick(loaded) };
        // biome-ignore lint/suspicious/noThenProperty: a deliberate thenable that resolves at once, so React.lazy reads the loaded screen synchronously
        return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
      }
      return load().then(() => ({ default: pick(loaded!) }));
    });
  return { Results: screen((s) => s.Results), Reflections: screen((s) => s.Reflections), ready: () => loaded !== null, load };
}

export const browserScreens = lazyScreens();

/** The later screens: lazy in the browser; the server provides them imported. */
export const WheelScreensContext = createContext<WheelScreens>(browserScreens);

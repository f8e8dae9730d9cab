// The questionnaire as the server renders it, in place of ./WheelOfTruth (scripts/build-client.mjs
// takes `<Island>.server.tsx` for the server when one sits beside an island): every screen is
// imported, so a saved session's results are in the HTML; the browser's copy loads them lazily.
import { WheelOfTruth as BrowserWheelOfTruth, type WheelOfTruthProps } from './WheelOfTruth';
import { Reflections } from './wheel-of-truth/Reflections';
import { Results } from './wheel-of-truth/Results';
import { type WheelScreens, WheelScreensContext } from './wheel-of-truth/screens';

const SERVER_SCREENS: WheelScreens = { Results, Reflections, ready: () => true, load: () => Promise.resolve() };

export function WheelOfTruth(props: WheelOfTruthProps) {
  return (
    <WheelScreensContext.Provider value={SERVER_SCREENS}>
      <BrowserWheelOfTruth {...props} />
    </WheelScreensContext.Provider>
  );
}

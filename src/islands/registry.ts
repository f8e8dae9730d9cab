// The islands, by name: the server renders them from here, the client entry loads each one's
// chunk lazily from src/client/islands.ts (the same names, checked by the type below).
import { createElement, type ComponentProps, type ComponentType } from 'react';
import type { HydrateOn } from '../constants';
import { AcceleratorsForm } from './AcceleratorsForm';
import { AuthForm } from './AuthForm';
import { BlockersForm } from './BlockersForm';
import { CheckInForm } from './CheckInForm';
import { LegacyMapForm } from './LegacyMapForm';
import { LoginCard } from './LoginCard';
import { Toaster } from './Toaster';
import { WheelOfTruth as BrowserWheelOfTruth, WheelScreensContext, type WheelOfTruthProps, type WheelScreens } from './WheelOfTruth';
import { LogoutButton } from './admin/LogoutButton';
import { UsersTable } from './admin/UsersTable';
import { Reflections } from './wheel-of-truth/Reflections';
import { Results } from './wheel-of-truth/Results';

const SERVER_SCREENS: WheelScreens = { Results, Reflections, ready: () => true, load: () => Promise.resolve() };

/** The questionnaire as the server renders it: every screen at hand (the browser's copy loads the later ones lazily). */
function WheelOfTruth(props: WheelOfTruthProps) {
  return createElement(WheelScreensContext.Provider, { value: SERVER_SCREENS }, createElement(BrowserWheelOfTruth, props));
}

export const SERVER_ISLANDS = { AcceleratorsForm, AuthForm, BlockersForm, CheckInForm, LegacyMapForm, LoginCard, LogoutButton, Toaster, UsersTable, WheelOfTruth } as const;

export type IslandName = keyof typeof SERVER_ISLANDS;

/**
 * When each island hydrates (constants.ts). Forms work as plain HTML posts, so their code waits
 * for the first focus or pointer; the questionnaire answers keys at once; the Toaster waits for a
 * toast (a page with a toast to show renders it with `load`).
 */
export const ISLAND_HYDRATION: Record<IslandName, HydrateOn> = {
  AcceleratorsForm: 'interaction',
  AuthForm: 'interaction',
  BlockersForm: 'interaction',
  CheckInForm: 'interaction',
  LegacyMapForm: 'interaction',
  LoginCard: 'interaction',
  LogoutButton: 'interaction',
  Toaster: 'toast',
  UsersTable: 'interaction',
  WheelOfTruth: 'load',
};
export type IslandProps<N extends IslandName> = ComponentProps<(typeof SERVER_ISLANDS)[N]>;

/**
 * When an island's props carry nothing of one visitor, so its server HTML (a pure function of its
 * props) may be kept and reused for anyone with the same props (src/views/islands.tsx): never
 * with posted values (a failed form's lastResult), saved answers or a token, which stay out of
 * memory shared by every visitor of the isolate.
 */
export const SHARED_WHEN: { [N in IslandName]?: (props: IslandProps<N>) => boolean } = {
  AuthForm: (props) => !props.lastResult && !props.hidden,
  CheckInForm: (props) => props.todays === null && !props.lastResult,
  LoginCard: (props) => !props.loginResult && !props.signupResult,
  LogoutButton: () => true,
  Toaster: (props) => props.initial === null,
};
/** Each island's code, given the props it will hydrate with (an island may load more for them). */
export type IslandLoaders = { [N in IslandName]: (props: IslandProps<N>) => Promise<ComponentType<IslandProps<N>>> };

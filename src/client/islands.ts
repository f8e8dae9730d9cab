// One dynamic import per island: esbuild splits each into its own chunk, loaded only by pages
// that render that island.
import type { IslandLoaders } from '../islands/registry';

export const CLIENT_ISLANDS: IslandLoaders = {
  AuthForm: () => import('../islands/AuthForm').then((m) => m.AuthForm),
  LoginCard: () => import('../islands/LoginCard').then((m) => m.LoginCard),
  Toaster: () => import('../islands/Toaster').then((m) => m.Toaster),
};

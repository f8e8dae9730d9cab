// One dynamic import per island: esbuild splits each into its own chunk, loaded only by pages
// that render that island.
import type { IslandLoaders } from '../islands/registry';

export const CLIENT_ISLANDS: IslandLoaders = {
  AcceleratorsForm: () => import('../islands/AcceleratorsForm').then((m) => m.AcceleratorsForm),
  CheckInForm: () => import('../islands/CheckInForm').then((m) => m.CheckInForm),
  BlockersForm: () => import('../islands/BlockersForm').then((m) => m.BlockersForm),
  LegacyMapForm: () => import('../islands/LegacyMapForm').then((m) => m.LegacyMapForm),
  // A saved session opens on its results: that screen's code comes first, so it hydrates at once.
  WheelOfTruth: (props) => import('../islands/WheelOfTruth').then((m) => m.forProps(props)),
  AuthForm: () => import('../islands/AuthForm').then((m) => m.AuthForm),
  LoginCard: () => import('../islands/LoginCard').then((m) => m.LoginCard),
  Toaster: () => import('../islands/Toaster').then((m) => m.Toaster),
  LogoutButton: () => import('../islands/admin/LogoutButton').then((m) => m.LogoutButton),
  UsersTable: () => import('../islands/admin/UsersTable').then((m) => m.UsersTable),
};

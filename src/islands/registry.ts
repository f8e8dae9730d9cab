// The islands, by name: the server renders them from here, the client entry loads each one's
// chunk lazily from src/client/islands.ts (the same names, checked by the type below).
import type { ComponentProps, ComponentType } from 'react';
import { AcceleratorsForm } from './AcceleratorsForm';
import { AuthForm } from './AuthForm';
import { BlockersForm } from './BlockersForm';
import { CheckInForm } from './CheckInForm';
import { LegacyMapForm } from './LegacyMapForm';
import { LoginCard } from './LoginCard';
import { Toaster } from './Toaster';
import { WheelOfTruth } from './WheelOfTruth';
import { LogoutButton } from './admin/LogoutButton';
import { UsersTable } from './admin/UsersTable';

export const SERVER_ISLANDS = { AcceleratorsForm, AuthForm, BlockersForm, CheckInForm, LegacyMapForm, LoginCard, LogoutButton, Toaster, UsersTable, WheelOfTruth } as const;

export type IslandName = keyof typeof SERVER_ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof SERVER_ISLANDS)[N]>;
export type IslandLoaders = { [N in IslandName]: () => Promise<ComponentType<IslandProps<N>>> };

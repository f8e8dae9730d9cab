// The islands, by name: the server renders them from here, the client entry loads each one's
// chunk lazily from src/client/islands.ts (the same names, checked by the type below).
import type { ComponentProps, ComponentType } from 'react';
import { AcceleratorsForm } from './AcceleratorsForm';
import { AuthForm } from './AuthForm';
import { BlockersForm } from './BlockersForm';
import { LegacyMapForm } from './LegacyMapForm';
import { LoginCard } from './LoginCard';
import { Toaster } from './Toaster';
import { WheelOfTruth } from './WheelOfTruth';

export const SERVER_ISLANDS = { AcceleratorsForm, AuthForm, BlockersForm, LegacyMapForm, LoginCard, Toaster, WheelOfTruth } as const;

export type IslandName = keyof typeof SERVER_ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof SERVER_ISLANDS)[N]>;
export type IslandLoaders = { [N in IslandName]: () => Promise<ComponentType<IslandProps<N>>> };

/** Attribute names shared by the server markup and the client entry. */
export const ISLAND_ATTR = { name: 'data-island', id: 'data-island-id', props: 'data-props' } as const;

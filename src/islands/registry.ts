// The islands, by name: the server renders them from here, the client entry loads each one's
// chunk lazily from src/client/islands.ts (the same names, checked by the type below).
import type { ComponentProps, ComponentType } from 'react';
import { AuthForm } from './AuthForm';
import { LoginCard } from './LoginCard';
import { Toaster } from './Toaster';

export const SERVER_ISLANDS = { AuthForm, LoginCard, Toaster } as const;

export type IslandName = keyof typeof SERVER_ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof SERVER_ISLANDS)[N]>;
export type IslandLoaders = { [N in IslandName]: () => Promise<ComponentType<IslandProps<N>>> };

/** Attribute names shared by the server markup and the client entry. */
export const ISLAND_ATTR = { name: 'data-island', id: 'data-island-id', props: 'data-props' } as const;

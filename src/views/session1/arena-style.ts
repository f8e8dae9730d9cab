// The arena colour custom property the Wheel of Truth styles read (as the island sets it).
import type { CSSProperties } from 'react';
import { ARENA_COLORS, type Arena } from '../../domain/arenas';

export function arenaStyle(arena: Arena): CSSProperties {
  return { '--arena-color': ARENA_COLORS[arena] } as CSSProperties;
}

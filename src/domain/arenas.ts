// The seven life arenas of the wheel, in the order they are asked, drawn and tie-broken.
export const ARENAS = ['Faith', 'Family', 'Fitness', 'Finance', 'Field', 'Friends', 'Fun'] as const;
export type Arena = (typeof ARENAS)[number];

/** The lowercase form used in question ids (`faith_1`) and in URLs or CSS class names. */
export type ArenaId = Lowercase<Arena>;

/**
 * One colour per arena. Each has at least 3:1 contrast (WCAG non-text) against white and against
 * a dark background (#0f172a), so the wheel reads on the page and on the dark exported image.
 */
export const ARENA_COLORS: Readonly<Record<Arena, string>> = {
  Faith: '#8b5cf6',
  Family: '#db2777',
  Fitness: '#ef4444',
  Finance: '#059669',
  Field: '#3b82f6',
  Friends: '#0891b2',
  Fun: '#c77700',
};

/** Single-code-point emoji, so they render as one glyph everywhere. */
export const ARENA_ICONS: Readonly<Record<Arena, string>> = {
  Faith: '🙏',
  Family: '🏠',
  Fitness: '💪',
  Finance: '💰',
  Field: '💼',
  Friends: '🤝',
  Fun: '🎉',
};

export function isArena(value: unknown): value is Arena {
  return typeof value === 'string' && (ARENAS as readonly string[]).includes(value);
}

export function arenaId(arena: Arena): ArenaId {
  return arena.toLowerCase() as ArenaId;
}

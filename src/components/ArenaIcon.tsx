// The arenas' icons, drawn as SVG (our own 24-unit line drawings in the manner of Lucide), so they
// look the same on every system, unlike emoji. They are decoration: the arena's name is always
// written beside them, so each is hidden from assistive technology.
import type { ReactElement } from 'react';
import type { Arena } from '../domain/arenas';

const DRAWINGS: Record<Arena, ReactElement> = {
  // A flame: the light of faith.
  Faith: <path d="M12 2.5c.6 3.2 4.9 5.4 4.9 10.4a4.9 4.9 0 0 1-9.8 0c0-2.4 1.2-3.8 2.3-5 .3 1.6 1 2.6 2.1 3.2-.6-3.3-.2-6 .5-8.6Z" />,
  // A house.
  Family: (
    <>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </>
  ),
  // A dumbbell.
  Fitness: (
    <>
      <path d="M7 7v10M17 7v10M4 9.5v5M20 9.5v5M7 12h10" />
    </>
  ),
  // A coin with a dollar sign.
  Finance: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M14.8 9.3c-.5-.9-1.5-1.4-2.8-1.4-1.6 0-2.8.8-2.8 2s1.2 1.7 2.8 2 2.8.8 2.8 2-1.2 2.1-2.8 2.1c-1.3 0-2.4-.5-2.9-1.5M12 6.2v11.6" />
    </>
  ),
  // A briefcase: work and calling.
  Field: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3 12.5h18" />
    </>
  ),
  // Two people.
  Friends: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20c0-3.4 2.7-6 6-6s6 2.6 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.1c2.6.3 4.5 2.7 4.5 5.4" />
    </>
  ),
  // A smile.
  Fun: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 14c1 1.6 2.3 2.4 4 2.4s3-.8 4-2.4M9 9.5h.01M15 9.5h.01" />
    </>
  ),
};

export function ArenaIcon({ arena, className = 'arena-icon' }: { arena: Arena; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {DRAWINGS[arena]}
    </svg>
  );
}

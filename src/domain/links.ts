// Outbound links (Community & Support, Next Steps): configuration, never typed into a view.
// `OUTBOUND_LINKS` (a JSON object in wrangler.toml [vars]) overrides any of these defaults.
import * as z from 'zod';

export const DEFAULT_LINKS = {
  academy: 'https://www.skool.com/life7-academy',
  community: 'https://www.facebook.com/groups/life7challenge',
  email: 'mailto:team@life7.app',
  mastermind: 'https://life7.app/mastermind',
  innerCircle: 'https://life7.app/inner-circle',
  premium: 'https://www.patreon.com/life7',
} as const;

export type OutboundLinks = Record<keyof typeof DEFAULT_LINKS, string>;

// Only web and mail links: a configured `javascript:` URL must never reach an href.
const link = z.string().refine((value) => /^(https?:\/\/|mailto:)/i.test(value));
const overridesSchema = z.object(Object.fromEntries(Object.keys(DEFAULT_LINKS).map((key) => [key, link.optional()]))).partial();

/** The defaults with the configured overrides; malformed configuration keeps the defaults. */
export function outboundLinks(configured: string | undefined): OutboundLinks {
  if (!configured) return { ...DEFAULT_LINKS };
  try {
    const parsed = overridesSchema.safeParse(JSON.parse(configured));
    if (!parsed.success) return { ...DEFAULT_LINKS };
    const overrides = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => typeof value === 'string'));
    return { ...DEFAULT_LINKS, ...overrides };
  } catch {
    return { ...DEFAULT_LINKS };
  }
}

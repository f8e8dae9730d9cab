// One-time toasts that survive a redirect (docs/product.md#toasts): set before a 303, read and
// cleared by the next page render.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as z from 'zod';
import { FLASH_COOKIE } from '../paths';

export const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(['default', 'destructive']).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

export function setFlash(c: Context, toast: Toast): void {
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(toast)), {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: 60,
  });
}

/** Reads the pending toast, if any, and clears it so it shows once. */
export function takeFlash(c: Context): Toast | null {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return null;
  deleteCookie(c, FLASH_COOKIE, { path: '/', secure: true });
  try {
    const parsed = toastSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

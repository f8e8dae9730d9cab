// Saving the zone the user's calendar days follow, from Settings or the API
// (docs/product.md#check-ins).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { changeTimeZone } from '../data/users';
import { timeZoneSchema } from '../domain/time-zone';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { currentAuth } from '../server/guards';
import { readInput } from '../server/input';
import { accept, reject } from '../server/respond';
import { timeZoneFormPage } from '../views/account-forms';

export async function saveTimeZone(c: Context<AppEnv>): Promise<Response> {
  if (!c.get('auth')) throw new HttpError(401, 'Not signed in');
  const input = await readInput(c, timeZoneSchema);
  if (!input.ok) return reject(c, input, timeZoneFormPage, { status: 400 });
  const { timeZone } = input.value;
  await changeTimeZone(c.get('db'), currentAuth(c).user.id, timeZone);
  return accept(c, input.mode, {
    json: { timeZone },
    redirect: PATHS.settings,
    flash: { title: 'Time zone saved', description: `Check-ins now follow ${timeZone.replaceAll('_', ' ')} time.` },
  });
}

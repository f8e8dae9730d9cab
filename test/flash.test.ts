// The flash cookie (docs/product.md#form-posts): a failed form post's values come back to its own
// page after the redirect, however long they are, and nothing is kept on our side.
import { describe, expect, it } from 'vitest';
import { BLOCKER_NAMES } from '../src/domain/blockers';
import { TEXT_MAX } from '../src/domain/progress-schemas';
import { FLASH_COOKIE } from '../src/paths';
import { call, followFailedPost, signUp } from './helpers';

/** Text that hardly compresses, as long as a field allows. */
function noise(length = TEXT_MAX): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,'[b % 65]).join('');
}

const flashCookies = (response: Response) =>
  response.headers.getSetCookie().filter((c) => c.startsWith(FLASH_COOKIE) && !/Max-Age=0/i.test(c));

describe('failed form posts in the flash cookie', () => {
  it('brings long answers back to the page, split over several cookies', async () => {
    const { cookie } = await signUp();
    const form = {
      vision90Day: noise(),
      target90Day: noise(),
      'milestones[0].week': '30',
      'milestones[0].goal': noise(),
      'milestones[1].week': '60',
      'milestones[1].goal': noise(),
      'milestones[2].week': '90',
      'milestones[2].goal': '',
    };
    const failed = await call('/sessions/4', { cookie, form });
    expect(failed.status).toBe(303);
    expect(flashCookies(failed).length).toBeGreaterThan(1);
    for (const header of flashCookies(failed)) expect(header.split(';')[0]!.length).toBeLessThan(4000);
    const page = await followFailedPost(failed, cookie);
    const html = await page.text();
    for (const value of [form.vision90Day, form.target90Day, form['milestones[0].goal'], form['milestones[1].goal']])
      expect(html).toContain(value);
  });

  it('cuts each value to the longest field and answers in place past what cookies hold', async () => {
    const { cookie } = await signUp();
    const form: Record<string, string> = {};
    BLOCKER_NAMES.forEach((name, i) => {
      Object.assign(form, { [`blockers[${i}].name`]: name, [`blockers[${i}].reflection`]: noise(), [`blockers[${i}].arenas`]: 'Nowhere' });
    });
    const response = await call('/sessions/2', { cookie, form });
    expect(response.status).toBe(400);
    expect(flashCookies(response)).toEqual([]);
    const html = await response.text();
    expect(html).toContain(form['blockers[0].reflection']);
  });
});

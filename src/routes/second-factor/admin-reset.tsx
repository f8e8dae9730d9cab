// Another admin's reset of an admin's second factor (decision 43): POST
// /admin/users/:id?action=second-factor and POST /api/admin/users/:id/second-factor/reset.
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { resetSecondFactor } from '../../data/second-factor';
import { confirmationRefusal } from '../../domain/admin';
import { RESET_CONFIRM_WORD, resetSchema } from '../../domain/second-factor';
import { adminUserPath } from '../../paths';
import { currentAuth } from '../../server/guards';
import { readInput } from '../../server/input';
import { accept, type RenderFailure, reject } from '../../server/respond';
import { SECOND_FACTOR_ACTION } from '../../views/SecondFactorReset';
import { type Refusal, refuse } from './shared';

/** Resets another admin's second factor, with its audit entry; never one's own (that asks a code, in Settings). */
export async function resetOther(
  c: Context<AppEnv>,
  userId: string,
  typed: string | undefined,
  required: boolean,
): Promise<Refusal | { email: string }> {
  const admin = currentAuth(c).user;
  if (admin.id === userId) {
    return { status: 409, message: 'Turn your own second factor off in Settings, with a code' };
  }
  const refusal = confirmationRefusal(typed, RESET_CONFIRM_WORD, required);
  if (refusal) return { status: 400, message: refusal, field: 'confirm' };
  const outcome = await resetSecondFactor(c.get('db'), userId, admin.email);
  if (outcome.kind === 'not-found') return { status: 404, message: 'User not found' };
  if (outcome.kind === 'none') return { status: 409, message: 'They have no second factor to reset' };
  return { email: outcome.email };
}

/**
 * The participant page's form post `?action=second-factor`. The page and its other actions are
 * src/routes/admin-user.tsx's: this handler is mounted before it (src/app.tsx) and passes every
 * other action on. A refused reset goes back to the page, which shows it beside this form.
 */
export async function resetFromPage(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | undefined> {
  if (c.req.query('action') !== SECOND_FACTOR_ACTION) {
    await next();
    return;
  }
  const userId = c.req.param('id') ?? '';
  const page = adminUserPath(userId);
  const input = await readInput(c, resetSchema);
  // The page's own renderer is admin-user.tsx's: a failure too large for the flash (never one of
  // these) would go back to the plain page.
  const backToPage: RenderFailure = () => c.redirect(page, 303);
  if (!input.ok) return reject(c, input, backToPage, { status: 400 });
  const outcome = await resetOther(c, userId, input.value.confirm, true);
  if ('status' in outcome) return refuse(c, input, backToPage, outcome);
  return accept(c, input.mode, {
    json: { message: 'Second factor reset' },
    redirect: page,
    flash: { title: 'Second factor reset', description: `${outcome.email} is signed out everywhere and can set it up again.` },
  });
}

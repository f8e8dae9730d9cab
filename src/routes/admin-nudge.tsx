// 'Send a nudge' (decision 40, docs/product.md#nudges-and-announcements): /admin/users/:id/nudge
// (?reason=quiet|mood|stall|grace picks the template, as the desk's worklist names its reasons)
// shows the mail prefilled, editable; its form posts to the same address (303 to the participant's
// page with a toast; a refusal comes back to this page with its message). POST
// /api/admin/users/:id/nudge { subject?, text?, reason? } answers 202 { queued: true }. At most one
// nudge per participant per coaches' day (429), none to someone who turned coach mail off (409).

import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { type NudgeTarget, readNudgeTarget, recordNudge } from '../data/nudges';
import { USER_NOT_FOUND } from '../domain/accounts';
import {
  type NudgeInput,
  type NudgeReason,
  nudgeFormSchema,
  nudgeLinks,
  nudgeReason,
  nudgeSchema,
  nudgeTemplate,
} from '../domain/outreach';
import { coachReplyTo } from '../mail/coach-links';
import { adminNudgePath, adminUserPath, PATHS } from '../paths';
import { coachDay } from '../server/coach-day';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { queueNudgeMail } from '../server/nudge-mail';
import { accept, reject } from '../server/respond';
import { AdminNudgePage } from '../views/AdminNudgePage';
import { renderPage } from '../views/render-page';

const userIdOf = (c: Context<AppEnv>) => (c.req.param('id') ?? '').slice(0, 64);

/** Who they are in words: their name, else their address. */
const who = (target: { name: string | null; email: string }) => target.name ?? target.email;

const alreadyNudged = (target: { name: string | null; email: string }) =>
  `${who(target)} had a nudge today already: the next one can go tomorrow (one a day, in the coaches' time zone).`;
const coachMailOff = (target: { name: string | null; email: string }) =>
  `${who(target)} turned off mail from their coach, so no nudge can be sent.`;

/** The template for this participant and reason, signed with the admin's name. */
function templateFor(c: Context<AppEnv>, target: NudgeTarget, reason: NudgeReason | null) {
  return nudgeTemplate(reason, { name: target.name, coachName: currentAuth(c).user.name, nextSession: target.nextSession });
}

async function renderNudgePage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const target = await readNudgeTarget(c.get('db'), userIdOf(c), coachDay(c));
  if (!target) {
    setFlash(c, { toast: { title: USER_NOT_FOUND, variant: 'destructive' } });
    return c.redirect(PATHS.adminUsers, 303);
  }
  const reason = nudgeReason(c.req.query('reason'));
  const posted = (failure?.reply.initialValue ?? {}) as Record<string, unknown>;
  const template = templateFor(c, target, reason);
  const text = (name: string, fallback: string) => (typeof posted[name] === 'string' ? (posted[name] as string) : fallback);
  return renderPage(
    c,
    <AdminNudgePage
      target={target}
      reason={reason}
      links={nudgeLinks(reason)}
      action={adminNudgePath(target.id, reason)}
      values={{ subject: text('subject', template.subject), text: text('text', template.text) }}
      replyTo={coachReplyTo(c.env, currentAuth(c).user.email)}
      fieldErrors={failure?.fieldErrors ?? {}}
      refusal={failure && !failure.fieldErrors ? failure.message : null}
    />,
    {
      title: `Nudge ${who(target)}`,
      status: failure?.status,
      toast: failure ? { title: 'Nudge not sent', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

type Sent = { ok: true; target: NudgeTarget } | { ok: false; status: 404 | 409 | 429; message: string };

/** Records the nudge (the cap and the opt-out are the database's) and queues its mail. */
async function sendNudge(c: Context<AppEnv>, userId: string, input: NudgeInput): Promise<Sent> {
  const db = c.get('db');
  const now = new Date();
  const day = coachDay(c, now);
  const target = await readNudgeTarget(db, userId, day);
  if (!target) return { ok: false, status: 404, message: USER_NOT_FOUND };
  const reason = input.reason ?? null;
  const template = templateFor(c, target, reason);
  const subject = input.subject ?? template.subject;
  const text = input.text ?? template.text;
  const admin = currentAuth(c).user;
  const recorded = await recordNudge(db, { userId, day, sentBy: admin.email, reason, subject });
  if (!recorded.ok) {
    if (recorded.reason === 'no-user') return { ok: false, status: 404, message: USER_NOT_FOUND };
    if (recorded.reason === 'opted-out') return { ok: false, status: 409, message: coachMailOff(target) };
    return { ok: false, status: 429, message: alreadyNudged(target) };
  }
  await queueNudgeMail(c, target, { reason, subject, text, adminEmail: admin.email }, now);
  return { ok: true, target };
}

async function postNudgeForm(c: Context<AppEnv>): Promise<Response> {
  const userId = userIdOf(c);
  const input = await readInput(c, nudgeSchema, { formSchema: nudgeFormSchema });
  if (!input.ok) return reject(c, input, renderNudgePage, { status: 400 });
  // The page's address names the reason; the form does too, so the JSON API can.
  const value = { ...input.value, reason: input.value.reason ?? nudgeReason(c.req.query('reason')) ?? undefined };
  const sent = await sendNudge(c, userId, value);
  if (!sent.ok) {
    if (sent.status === 404 && input.mode === 'form') {
      setFlash(c, { toast: { title: 'Nudge not sent', description: USER_NOT_FOUND, variant: 'destructive' } });
      return c.redirect(PATHS.adminUsers, 303);
    }
    // A 429 is answered in place (its Retry-After would not survive a redirect); it says why.
    return reject(c, input, renderNudgePage, { status: sent.status, message: sent.message });
  }
  return accept(c, input.mode, {
    json: { queued: true },
    jsonStatus: 202,
    redirect: adminUserPath(userId),
    flash: { title: 'Nudge sent', description: `${who(sent.target)} gets it in a moment; a reply goes to the coach's mailbox.` },
  });
}

export const adminNudgeRoutes = new Hono<AppEnv>()
  .get(`${PATHS.adminUsers}/:id/nudge`, requireAdminPage(), (c) => renderNudgePage(c, takeFailure(c)))
  .post(`${PATHS.adminUsers}/:id/nudge`, requireAdminPage(), postNudgeForm)
  .post('/api/admin/users/:id/nudge', requireAdminApi(), async (c) => {
    const input = await readInput(c, nudgeSchema);
    if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
    const sent = await sendNudge(c, userIdOf(c), input.value);
    if (!sent.ok) throw new HttpError(sent.status, sent.message);
    return c.json({ queued: true }, 202);
  });

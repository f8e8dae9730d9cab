// Announcements to a cohort (decision 40, docs/product.md#nudges-and-announcements): /admin/announcements
// lists what was sent (to how many; mails delivered, failed, still queued) above the form. The form
// posts to the page's own address: ?intent=preview answers the page in place with the preview and
// who it would reach (nothing is written, and a text of 2,000 characters travels in no cookie or
// address); ?intent=send sends it (303 back with a toast). GET and POST /api/admin/announcements
// answer { announcements } and 201 { announcement: { id, recipients } }. Sending is one D1 batch
// (src/data/announcements.ts) and one sendBatch call putting the fan-out steps on the mail queue,
// 1,000 recipients each (src/jobs/coach-mail.ts), whatever the cohort's size.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { countAudience, FAN_OUT_CHUNK, listAnnouncements, readAnnouncementsPage, sendAnnouncement } from '../data/announcements';
import { COHORT_NOT_FOUND } from '../domain/cohorts';
import { type AnnouncementInput, announcementSchema } from '../domain/outreach';
import type { FanOutJob } from '../mail/message';
import { queueJobs } from '../mail/send';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { type Failure, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { accept, reject } from '../server/respond';
import { AdminAnnouncementsPage, type AnnouncementPreview } from '../views/AdminAnnouncementsPage';
import { renderPage } from '../views/render-page';

const NOBODY_SEATED = 'Nobody is seated in that cohort yet: there is no one to send it to.';

async function renderAnnouncements(
  c: Context<AppEnv>,
  failure: Failure | null,
  preview?: AnnouncementPreview,
  status?: 200,
): Promise<Response> {
  const { sent, cohorts } = await readAnnouncementsPage(c.get('db'));
  const posted = (failure?.reply.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof posted[name] === 'string' ? (posted[name] as string) : '');
  return renderPage(
    c,
    <AdminAnnouncementsPage
      sent={sent}
      cohorts={cohorts}
      values={preview?.values ?? { cohortId: text('cohortId'), subject: text('subject'), body: text('body') }}
      fieldErrors={failure?.fieldErrors ?? {}}
      refusal={failure && !failure.fieldErrors ? failure.message : null}
      preview={preview}
    />,
    {
      title: 'Announcements',
      status: failure?.status ?? status,
      toast: failure ? { title: 'Announcement not sent', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

type Sent = { ok: true; id: string; recipients: number; mailsQueued: number } | { ok: false; status: 404 | 409; message: string };

/** Sends it (one batch) and puts its fan-out steps on the mail queue (one sendBatch call per 100 steps, 100,000 recipients). */
async function send(c: Context<AppEnv>, input: AnnouncementInput): Promise<Sent> {
  const sent = await sendAnnouncement(c.get('db'), input, currentAuth(c).user.email);
  if (!sent.ok) {
    return sent.reason === 'no-cohort'
      ? { ok: false, status: 404, message: COHORT_NOT_FOUND }
      : { ok: false, status: 409, message: NOBODY_SEATED };
  }
  const steps: FanOutJob[] = [];
  if (sent.mailsQueued > 0)
    for (let from = 0; from < sent.recipients; from += FAN_OUT_CHUNK)
      steps.push({ kind: 'announcement-fan-out', announcementId: sent.id, from, to: from + FAN_OUT_CHUNK });
  await queueJobs(c.env, steps);
  return sent;
}

const fieldFor = (status: 404 | 409) => (status === 404 ? 'cohortId' : undefined);

async function postAnnouncement(c: Context<AppEnv>): Promise<Response> {
  const intent = c.req.query('intent');
  if (intent !== 'preview' && intent !== 'send') throw new HttpError(400, 'Say what to do: ?intent=preview or send');
  const input = await readInput(c, announcementSchema);
  if (!input.ok) return reject(c, input, (cc, failure) => renderAnnouncements(cc, failure), { status: 400 });
  if (intent === 'preview') {
    const audience = await countAudience(c.get('db'), input.value.cohortId);
    if (input.mode === 'json') return c.json({ preview: { ...input.value, ...audience } });
    return renderAnnouncements(c, null, { values: input.value, ...audience }, 200);
  }
  const sent = await send(c, input.value);
  if (!sent.ok) {
    const field = fieldFor(sent.status);
    return reject(c, input, (cc, failure) => renderAnnouncements(cc, failure), {
      status: sent.status,
      message: sent.message,
      fieldErrors: field ? { [field]: [sent.message] } : undefined,
    });
  }
  return accept(c, input.mode, {
    json: { announcement: { id: sent.id, recipients: sent.recipients } },
    jsonStatus: 201,
    redirect: PATHS.adminAnnouncements,
    flash: {
      title: 'Announcement sent',
      description: `It shows on ${sent.recipients} dashboard${sent.recipients === 1 ? '' : 's'}; ${sent.mailsQueued} mail${sent.mailsQueued === 1 ? '' : 's'} queued.`,
    },
  });
}

const api = '/api/admin/announcements';

export const adminAnnouncementRoutes = new Hono<AppEnv>()
  .get(PATHS.adminAnnouncements, requireAdminPage(), (c) => renderAnnouncements(c, takeFailure(c)))
  .post(PATHS.adminAnnouncements, requireAdminPage(), postAnnouncement)
  .get(api, requireAdminApi(), async (c) => c.json({ announcements: await listAnnouncements(c.get('db')) }))
  .post(api, requireAdminApi(), async (c) => {
    const input = await readInput(c, announcementSchema);
    if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
    const sent = await send(c, input.value);
    if (!sent.ok) {
      const field = fieldFor(sent.status);
      throw new HttpError(sent.status, sent.message, field ? { [field]: [sent.message] } : undefined);
    }
    return c.json({ announcement: { id: sent.id, recipients: sent.recipients } }, 201);
  });

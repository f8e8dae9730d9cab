// /admin/announcements (decision 40, docs/product.md#nudges-and-announcements): write an
// announcement to one cohort, preview it as participants see it and who it reaches, send it; and
// what was sent, with its mails delivered, failed and still queued. Plain form posts.
import type { FieldErrors } from '../domain/field-errors';
import { ANNOUNCEMENT_BODY_MAX, SUBJECT_MAX } from '../domain/outreach';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { CoachText } from './CoachText';
import { FieldMessage } from './FieldMessage';
import { TableHead } from './TableHead';

export interface SentAnnouncement {
  id: string;
  cohortName: string;
  subject: string;
  sentBy: string;
  createdAt: string;
  recipients: number;
  mails: { queued: number; delivered: number; failed: number };
}

export interface AnnouncementPreview {
  values: { cohortId: string; subject: string; body: string };
  /** Seated participants now, and how many of them turned coach mail off (dashboard only). */
  seated: number;
  mailOff: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const intent = (value: 'preview' | 'send') => `${PATHS.adminAnnouncements}?intent=${value}`;

function Preview({ preview, cohortName }: { preview: AnnouncementPreview; cohortName: string }) {
  const mailed = preview.seated - preview.mailOff;
  return (
    <section className="card announcement-preview" aria-labelledby="preview-title">
      <h2 id="preview-title" className="card-title">
        Preview
      </h2>
      <p>
        {preview.seated === 0
          ? `Nobody is seated in ${cohortName} yet: there is no one to send it to.`
          : `To ${plural(preview.seated, 'seated participant')} of ${cohortName}: a 'From your coach' card on each dashboard, and ${plural(mailed, 'mail')}${preview.mailOff > 0 ? ` (${preview.mailOff} turned coach mail off)` : ''}.`}
      </p>
      <div className="coach-cards preview-card">
        <p className="card-title">From your coach</p>
        <article className="coach-card">
          <h3 className="coach-card-subject">{preview.values.subject}</h3>
          <CoachText text={preview.values.body} />
        </article>
      </div>
    </section>
  );
}

export function AdminAnnouncementsPage({
  sent,
  cohorts,
  values,
  fieldErrors,
  refusal,
  preview,
}: {
  sent: SentAnnouncement[];
  cohorts: { id: string; name: string; startDate: string }[];
  values: { cohortId: string; subject: string; body: string };
  fieldErrors: FieldErrors;
  refusal: string | null;
  preview?: AnnouncementPreview;
}) {
  const field = (name: 'cohortId' | 'subject' | 'body') => ({
    id: `announcement-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `announcement-${name}-error` : undefined,
  });
  const cohortName = cohorts.find((c) => c.id === values.cohortId)?.name ?? values.cohortId;
  return (
    <AdminShell active="announcements">
      <h1 className="page-title">Announcements</h1>
      <p className="page-subtitle">
        One message to every seated participant of a cohort: a 'From your coach' card on their dashboard until they dismiss it, and a mail
        to those who take coach mail. Replies go to the coach.
      </p>
      {refusal && (
        <div className="banner banner-error" role="alert">
          {refusal}
        </div>
      )}
      {preview && <Preview preview={preview} cohortName={cohortName} />}
      <form method="post" action={intent('preview')} className="card form announcement-form" aria-labelledby="write-title">
        <h2 id="write-title" className="card-title">
          {preview ? 'Edit or send' : 'Write an announcement'}
        </h2>
        <div className="field">
          <label htmlFor="announcement-cohortId">Cohort</label>
          <select {...field('cohortId')} required defaultValue={values.cohortId}>
            <option value="">Choose a cohort</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {`${cohort.name} (starts ${cohort.startDate})`}
              </option>
            ))}
          </select>
          <FieldMessage id="announcement-cohortId-error" messages={fieldErrors.cohortId} />
        </div>
        <div className="field">
          <label htmlFor="announcement-subject">Subject</label>
          <input {...field('subject')} type="text" required maxLength={SUBJECT_MAX} defaultValue={values.subject} />
          <FieldMessage id="announcement-subject-error" messages={fieldErrors.subject} />
        </div>
        <div className="field">
          <label htmlFor="announcement-body">Message</label>
          <textarea {...field('body')} required maxLength={ANNOUNCEMENT_BODY_MAX} rows={8} defaultValue={values.body} />
          <FieldMessage id="announcement-body-error" messages={fieldErrors.body} />
          <p className="muted small">Plain text: a blank line starts a paragraph, and web addresses become links.</p>
        </div>
        <div className="page-actions">
          <button type="submit" className="button button-outline">
            Preview
          </button>
          {preview && preview.seated > 0 && (
            <button type="submit" formAction={intent('send')} className="button button-primary">
              {`Send to ${plural(preview.seated, 'participant')}`}
            </button>
          )}
        </div>
      </form>
      <h2 className="section-title">Sent</h2>
      {sent.length === 0 ? (
        <p className="muted">No announcement sent yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-cards announcements-sent">
            <TableHead columns={['Sent', 'Cohort', 'Subject', 'Recipients', 'Delivered', 'Failed', 'Queued', 'By']} />
            <tbody>
              {sent.map((a) => (
                <tr key={a.id}>
                  <td data-label="Sent">
                    <time className="nowrap" dateTime={a.createdAt}>
                      {`${a.createdAt.replace('T', ' ').slice(0, 16)} UTC`}
                    </time>
                  </td>
                  <td data-label="Cohort">{a.cohortName}</td>
                  <td data-label="Subject" className="break-anywhere">
                    {a.subject}
                  </td>
                  <td data-label="Recipients">{a.recipients}</td>
                  <td data-label="Delivered">{a.mails.delivered}</td>
                  <td data-label="Failed">{a.mails.failed}</td>
                  <td data-label="Queued">{a.mails.queued}</td>
                  <td data-label="By" className="break-anywhere">
                    {a.sentBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}

// The mails' HTML and plain text (docs/product.md#reminders-and-mail). One layout: a single
// column, system fonts, real text (no images), and colours declared for light and dark so a
// dark-mode client shows light text on a dark card instead of inverting it badly. Pure.

import { MOOD_HIGH_LABEL, MOOD_LOW_LABEL, MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
import type { MailText } from '../domain/emails';
import { textParagraphs } from '../domain/outreach';
import { PRODUCT_NAME } from '../domain/product';
import type { MailMessage } from './message';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; background: #f1f3f5; color: #212529; }
.wrap { background: #f1f3f5; padding: 24px 12px; }
.card { max-width: 560px; margin: 0 auto; background: #ffffff; color: #212529; border-radius: 12px; padding: 28px 24px; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.5; }
.brand { font-weight: 700; font-size: 18px; color: #3b5bdb; margin: 0 0 16px; }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 12px; color: #212529; }
p { margin: 0 0 14px; }
a { color: #3b5bdb; }
.button { display: inline-block; background: #3b5bdb; color: #ffffff !important; text-decoration: none; font-weight: 600; padding: 12px 20px; border-radius: 8px; }
.moods { table-layout: fixed; width: 100%; border-collapse: separate; border-spacing: 0; }
.moods td { padding: 1px; }
.mood { display: block; min-width: 24px; text-align: center; background: #edf2ff; color: #364fc7 !important; border: 1px solid #bac8ff; text-decoration: none; font-weight: 700; font-size: 16px; line-height: 20px; padding: 12px 0; border-radius: 8px; }
.mood-ends td { padding: 4px 1px 0; font-size: 14px; color: #495057; }
.muted { color: #495057; font-size: 14px; }
.foot { max-width: 560px; margin: 12px auto 0; color: #495057; font-size: 13px; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; text-align: center; padding: 0 16px; }
.foot a { color: #495057; }
@media (prefers-color-scheme: dark) {
  body, .wrap { background: #16191d !important; color: #e9ecef !important; }
  .card { background: #212529 !important; color: #e9ecef !important; }
  h1 { color: #f8f9fa !important; }
  .brand, a { color: #91a7ff !important; }
  .button { background: #4c6ef5 !important; color: #ffffff !important; }
  .mood { background: #2b3040 !important; color: #dbe4ff !important; border-color: #4c6ef5 !important; }
  .muted, .foot, .foot a, .mood-ends td { color: #adb5bd !important; }
}
[data-ogsc] .card { background: #212529 !important; color: #e9ecef !important; }
[data-ogsc] h1 { color: #f8f9fa !important; }
`;

/** A whole HTML mail around `body` (already escaped HTML). `footer` is escaped HTML too. */
function htmlLayout({ title, body, footer = '' }: { title: string; body: string; footer?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="wrap">
<div class="card">
<p class="brand">${escapeHtml(PRODUCT_NAME)}</p>
${body}
</div>
${footer ? `<div class="foot">${footer}</div>` : ''}
</div>
</body>
</html>`;
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** One paragraph of plain text as HTML: escaped, its addresses as links. */
function paragraph(text: string): string {
  const parts = text
    .split(LINK)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part).replace(/\n/g, '<br>')));
  return `<p>${parts.join('')}</p>`;
}

/**
 * A plain-text mail (verification, reset, welcome: src/domain/emails.ts) with its HTML twin: the
 * same paragraphs, and a paragraph that is only a link becomes a button above the link itself.
 */
export function fromText(mail: MailText): Omit<MailMessage, 'to'> {
  const blocks = mail.text.split(/\n{2,}/).map((block) => {
    const only = /^https?:\/\/\S+$/.exec(block.trim());
    if (!only) return paragraph(block);
    const href = escapeHtml(only[0]);
    return `<p><a class="button" href="${href}">Open the link</a></p><p class="muted">Or copy this address: <a href="${href}">${href}</a></p>`;
  });
  return { subject: mail.subject, text: mail.text, html: htmlLayout({ title: mail.subject, body: blocks.join('\n') }), headers: {} };
}

/** RFC 8058 one-click unsubscribe: the https address a mail provider POSTs to. */
function unsubscribeHeaders(unsubscribeLink: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

// Reminders name no text anyone typed (not even the name), like the security mails: nothing can
// plant words or a look-alike link above the real ones.
export interface CheckInReminder {
  /** 'Wednesday, November 25': the day the check-in is for. */
  dayLabel: string;
  /** Ten signed links, mood 1 to 10. */
  moodLinks: readonly string[];
  appLink: string;
  settingsLink: string;
  unsubscribeLink: string;
}

export function checkInReminderMail(r: CheckInReminder): Omit<MailMessage, 'to'> {
  const subject = `How was your day? Check in with ${PRODUCT_NAME}`;
  const moods = r.moodLinks.map((link, i) => ({ mood: MOOD_MIN + i, link }));
  if (moods.length !== MOOD_MAX - MOOD_MIN + 1) throw new Error('A check-in reminder needs one link per mood');
  const text = [
    'Hi,',
    '',
    `You have not checked in for ${r.dayLabel} yet. How is your mood today (${MOOD_LOW_LABEL}, ${MOOD_HIGH_LABEL})? Open the number that fits; you can answer your daily actions and add a note before saving:`,
    '',
    ...moods.map(({ mood, link }) => `${mood}: ${link}`),
    '',
    `Or open ${PRODUCT_NAME}: ${r.appLink}`,
    '',
    `You get this because you turned on the daily check-in reminder. Change its time: ${r.settingsLink}`,
    `Stop these reminders: ${r.unsubscribeLink}`,
  ].join('\n');
  const cells = moods
    .map(
      ({ mood, link }) =>
        `<td width="10%"><a class="mood" href="${escapeHtml(link)}" aria-label="Mood ${mood} of ${MOOD_MAX}">${mood}</a></td>`,
    )
    .join('');
  const body = `<h1>How was your day?</h1>
<p>Hi, you have not checked in for ${escapeHtml(r.dayLabel)} yet. Pick your mood; you can answer your daily actions and add a note before saving.</p>
<table class="moods" role="presentation" cellpadding="0" cellspacing="0" width="100%"><tr>${cells}</tr></table>
<table class="mood-ends" role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin-bottom:14px"><tr><td align="left">${MOOD_LOW_LABEL}</td><td align="right">${MOOD_HIGH_LABEL}</td></tr></table>
<p><a class="button" href="${escapeHtml(r.appLink)}">Open ${escapeHtml(PRODUCT_NAME)}</a></p>`;
  const footer = `You get this because you turned on the daily check-in reminder. <a href="${escapeHtml(r.settingsLink)}">Change its time</a> · <a href="${escapeHtml(r.unsubscribeLink)}">Stop these reminders</a>`;
  return { subject, text, html: htmlLayout({ title: subject, body, footer }), headers: unsubscribeHeaders(r.unsubscribeLink) };
}

export interface WebinarReminder {
  title: string;
  /** 'Tuesday, December 1, 6:00 PM EST': the start in the participant's own zone, named. */
  when: string;
  location: string;
  /** Only for members with an active plan (decision 26); else null. */
  joinLink: string | null;
  calendarLink: string;
  settingsLink: string;
  unsubscribeLink: string;
}

export function webinarReminderMail(r: WebinarReminder): Omit<MailMessage, 'to'> {
  const subject = `Tomorrow: ${r.title}`;
  const text = [
    'Hi,',
    '',
    `${r.title} starts in 24 hours: ${r.when}.`,
    `Where: ${r.location}`,
    r.joinLink ? `Join: ${r.joinLink}` : 'The join link is posted before the session.',
    '',
    `Add to calendar: ${r.calendarLink}`,
    '',
    `You get this because you turned on webinar reminders. Change them: ${r.settingsLink}`,
    `Stop these reminders: ${r.unsubscribeLink}`,
  ].join('\n');
  const body = `<h1>${escapeHtml(r.title)}</h1>
<p>Hi, the session starts in 24 hours.</p>
<p><strong>${escapeHtml(r.when)}</strong><br>${escapeHtml(r.location)}</p>
${r.joinLink ? `<p><a class="button" href="${escapeHtml(r.joinLink)}">Join Now</a></p>` : '<p class="muted">The join link is posted before the session.</p>'}
<p><a href="${escapeHtml(r.calendarLink)}">Add to calendar</a></p>`;
  const footer = `You get this because you turned on webinar reminders. <a href="${escapeHtml(r.settingsLink)}">Change them</a> · <a href="${escapeHtml(r.unsubscribeLink)}">Stop these reminders</a>`;
  return { subject, text, html: htmlLayout({ title: subject, body, footer }), headers: unsubscribeHeaders(r.unsubscribeLink) };
}

/** A coach's plain text as HTML paragraphs: escaped, its http(s) addresses as links (textParagraphs). */
function coachParagraphs(text: string): string {
  return textParagraphs(text)
    .map(
      (parts) =>
        `<p>${parts.map((part) => ('href' in part ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.href)}</a>` : escapeHtml(part.text).replace(/\n/g, '<br>'))).join('')}</p>`,
    )
    .join('\n');
}

/**
 * Mail from the coach (decision 40, docs/product.md#nudges-and-announcements): a nudge or an
 * announcement. The coach's text (theirs to write, so escaped, links picked out), then what it
 * links to: the one-tap moods of decision 29, or one button; `Reply-To` the coach, and RFC 8058
 * one-click unsubscribe from coach mail.
 */
export interface CoachMail {
  subject: string;
  text: string;
  /** Ten signed links, mood 1 to 10, for a check-in nudge. */
  moodLinks?: readonly string[];
  /** One button under the text: the next session, Settings, the dashboard. */
  action?: { label: string; href: string };
  replyTo: string;
  settingsLink: string;
  unsubscribeLink: string;
}

export function coachMail(m: CoachMail): Omit<MailMessage, 'to'> {
  const moods = (m.moodLinks ?? []).map((link, i) => ({ mood: MOOD_MIN + i, link }));
  const text = [
    m.text,
    ...(moods.length > 0 ? ['', 'Your mood today, from 1 (low) to 10 (great):', ...moods.map(({ mood, link }) => `${mood}: ${link}`)] : []),
    ...(m.action ? ['', `${m.action.label}: ${m.action.href}`] : []),
    '',
    `You get this from your coach at ${PRODUCT_NAME}. Reply to this email to answer them.`,
    `Stop mail from your coach: ${m.unsubscribeLink}`,
  ].join('\n');
  const cells = moods
    .map(({ mood, link }) => `<td><a class="mood" href="${escapeHtml(link)}" aria-label="Mood ${mood} of ${MOOD_MAX}">${mood}</a></td>`)
    .join('');
  const body = `<h1>${escapeHtml(m.subject)}</h1>
${coachParagraphs(m.text)}
${moods.length > 0 ? `<p>Your mood today, from 1 (low) to 10 (great):</p><table class="moods" role="presentation" cellpadding="0" cellspacing="0" width="100%"><tr>${cells}</tr></table>` : ''}
${m.action ? `<p><a class="button" href="${escapeHtml(m.action.href)}">${escapeHtml(m.action.label)}</a></p>` : ''}`;
  const footer = `You get this from your coach at ${escapeHtml(PRODUCT_NAME)}; reply to answer them. <a href="${escapeHtml(m.settingsLink)}">Settings</a> · <a href="${escapeHtml(m.unsubscribeLink)}">Stop mail from your coach</a>`;
  return {
    subject: m.subject,
    text,
    html: htmlLayout({ title: m.subject, body, footer }),
    headers: { 'Reply-To': m.replyTo, ...unsubscribeHeaders(m.unsubscribeLink) },
  };
}

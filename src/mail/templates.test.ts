import { describe, expect, it } from 'vitest';
import { resetPasswordMail } from '../domain/emails';
import { checkInReminderMail, fromText, webinarReminderMail } from './templates';

const links = Array.from({ length: 10 }, (_, i) => `https://life7.test/check-in?t=abc.def&mood=${i + 1}`);

describe('mail templates', () => {
  it('give every mail an HTML part for light and dark, and the plain text it came from', () => {
    const mail = fromText(resetPasswordMail('https://life7.test/reset-password?token=x&y=<1>', '1 hour'));
    expect(mail.text).toContain('https://life7.test/reset-password?token=x&y=<1>');
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    // The link is escaped, once, and is a button.
    expect(mail.html).toContain('<a class="button" href="https://life7.test/reset-password?token=x&amp;y=&lt;1&gt;">');
    expect(mail.html).not.toContain('<1>');
    expect(mail.headers).toEqual({});
  });

  it('put ten mood links, the app, Settings and one-click unsubscribe in a check-in reminder', () => {
    const mail = checkInReminderMail({
      dayLabel: 'Wed, Nov 25',
      moodLinks: links,
      appLink: 'https://life7.test/check-ins',
      settingsLink: 'https://life7.test/settings#reminders',
      unsubscribeLink: 'https://life7.test/unsubscribe?t=u.v',
    });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://life7.test/unsubscribe?t=u.v>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    for (let mood = 1; mood <= 10; mood++) {
      expect(mail.text).toContain(`\n${mood}: https://life7.test/check-in?t=abc.def&mood=${mood}\n`);
      expect(mail.html).toContain(
        `href="https://life7.test/check-in?t=abc.def&amp;mood=${mood}" aria-label="Mood ${mood} of 10">${mood}</a>`,
      );
    }
    expect(mail.text.startsWith('Hi,\n')).toBe(true);
    expect(() =>
      checkInReminderMail({ dayLabel: 'x', moodLinks: links.slice(1), appLink: '', settingsLink: '', unsubscribeLink: '' }),
    ).toThrow();
  });

  it('give a webinar reminder the time, the join link only when there is one, and Add to calendar', () => {
    const base = {
      title: 'Week 2',
      when: 'Monday, November 30, 9:00 PM EST',
      location: 'Zoom',
      calendarLink: 'https://life7.test/api/webinars/life7-sessions.ics',
      settingsLink: 's',
      unsubscribeLink: 'https://life7.test/unsubscribe?t=w',
    };
    const member = webinarReminderMail({ ...base, joinLink: 'https://zoom.example/j/1' });
    expect(member.subject).toBe('Tomorrow: Week 2');
    expect(member.text).toContain('Join: https://zoom.example/j/1');
    expect(member.html).toContain('>Join Now</a>');
    expect(member.html).toContain('>Add to calendar</a>');
    const lapsed = webinarReminderMail({ ...base, joinLink: null });
    expect(lapsed.text).not.toContain('zoom.example');
    expect(lapsed.html).not.toContain('Join Now');
    expect(lapsed.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

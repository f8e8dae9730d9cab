import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile } from './calendar-file';
import { CONTROL_OR_LINE_BREAK, plainText, singleLine } from './text';
import { nextTuesdaySessions, type Webinar } from './webinars';

/** Cases per property: FUZZ_RUNS (15 in `npm test`, 120 in `npm run test:fuzz`) times ten. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15) * 10;

const OPTIONS = { productName: 'Life7', productSlug: 'life7' };

// Oct 27 2026 is still PDT (01:00Z), the rest PST (02:00Z).
const upcoming: Webinar[] = nextTuesdaySessions(new Date('2026-10-21T12:00:00Z'));

/** Parse with a real iCalendar parser, not regexes over our own output. */
function parse(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

/** DTSTART/DTEND as written in the file: UTC form ends with 'Z'. */
function rawTime(event: ICAL.Event, name: 'dtstart' | 'dtend'): string {
  const property = event.component.getFirstProperty(name)!;
  return property.toICALString().split(':').slice(1).join(':');
}

describe('calendarFile', () => {
  it('holds one VEVENT per upcoming session, with UTC times', () => {
    const text = calendarFile(upcoming, OPTIONS);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Life7');
    expect(events).toHaveLength(4);
    expect(events.map((e) => rawTime(e, 'dtstart'))).toEqual([
      '20261028T010000Z',
      '20261104T020000Z',
      '20261111T020000Z',
      '20261118T020000Z',
    ]);
    expect(events.map((e) => rawTime(e, 'dtend'))).toEqual([
      '20261028T020000Z',
      '20261104T030000Z',
      '20261111T030000Z',
      '20261118T030000Z',
    ]);
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(upcoming.map((w) => w.startTime));
    expect(events.map((e) => e.endDate.toJSDate().toISOString())).toEqual(upcoming.map((w) => w.endTime));
    expect(events.map((e) => [e.startDate.zone?.tzid, e.endDate.zone?.tzid])).toEqual(Array(4).fill(['UTC', 'UTC']));
  });

  it('carries title, description, location and a stable UID per session', () => {
    const { events } = parse(calendarFile(upcoming, OPTIONS));
    expect(events.map((e) => e.summary)).toEqual([1, 2, 3, 4].map((n) => `Life7 Coaching Webinar - Week ${n}`));
    expect(events.every((e) => e.location === 'Online (Zoom link TBD)')).toBe(true);
    expect(events[0]!.description).toBe(upcoming[0]!.description);
    expect(events.map((e) => e.uid)).toEqual(upcoming.map((w) => `${w.id}@life7`));
    // Building again (later DTSTAMP) keeps the same UIDs, so calendars update rather than duplicate.
    expect(parse(calendarFile(upcoming, OPTIONS)).events.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
  });

  it('adds the join link as URL only when one is set', () => {
    const withLink = upcoming.map((w, i) => (i === 0 ? { ...w, joinUrl: 'https://zoom.example/j/123?pwd=a,b' } : w));
    const { events } = parse(calendarFile(withLink, OPTIONS));
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe('https://zoom.example/j/123?pwd=a,b');
    expect(events[1]!.component.getFirstProperty('url')).toBeNull();
  });

  it('keeps commas, semicolons and new lines in the text intact', () => {
    const tricky = [{ ...upcoming[0]!, description: 'Bring paper, a pen; and\nan open mind', location: 'Room 1, Floor 2' }];
    const { events } = parse(calendarFile(tricky, OPTIONS));
    expect(events[0]!.description).toBe('Bring paper, a pen; and\nan open mind');
    expect(events[0]!.location).toBe('Room 1, Floor 2');
  });

  it('is a valid, empty calendar when nothing is upcoming', () => {
    const { calendar, events } = parse(calendarFile([], OPTIONS));
    expect(calendar.name).toBe('vcalendar');
    expect(events).toHaveLength(0);
  });

  it('throws a plain Error for a time ics refuses', () => {
    expect(() => calendarFile([{ ...upcoming[0]!, startTime: 'not a date' }], OPTIONS)).toThrow(Error);
  });

  it('leaves out a join link that is no web address, rather than failing the whole file', () => {
    for (const joinUrl of ['not a url', 'javascript:alert(1)', 'https://zoom_us.example/j/1', 'https://[::1]/j', 'https://a b.example/']) {
      const { events } = parse(calendarFile([{ ...upcoming[0]!, joinUrl }], OPTIONS));
      expect(events[0]!.component.getFirstProperty('url'), joinUrl).toBeNull();
    }
    const { events } = parse(calendarFile([{ ...upcoming[0]!, joinUrl: 'https://zoom.example/j/1?x=a\u2028b\rc' }], OPTIONS));
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe('https://zoom.example/j/1?x=abc');
  });

  it('writes no control character but the CRLF line ends, and parses back, whatever the text', () => {
    const hostilePiece = fc.constantFrom(
      '\r',
      '\n',
      '\r\n',
      '\u000b',
      '\u000c',
      '\u0085',
      '\u2028',
      '\u2029',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u009b',
      '\t',
      ';',
      ',',
      '\\',
      ':',
      'BEGIN:VEVENT',
      'END:VCALENDAR',
      '😀',
      'é',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(fc.oneof(hostilePiece, fc.string({ maxLength: 5 })), { maxLength: 40 }).map((parts) => parts.join('')),
    );
    const link = fc.oneof(
      fc.constant(null),
      text,
      text.map((t) => `https://zoom.example/j/${t}`),
      fc.webUrl(),
    );
    const webinar = fc
      .record({ title: text, description: text, location: text, joinUrl: link })
      .map((fields) => ({ ...upcoming[0]!, ...fields }));
    fc.assert(
      fc.property(fc.array(webinar, { minLength: 1, maxLength: 3 }), (webinars) => {
        const ics = calendarFile(webinars, OPTIONS);
        expect(ics.endsWith('\r\n')).toBe(true);
        for (const line of ics.slice(0, -2).split('\r\n')) {
          // A folded line goes on after CRLF and one tab (RFC 5545 3.1); nothing else controls anything.
          expect(line.replace(/^\t/, ''), JSON.stringify(line)).not.toMatch(CONTROL_OR_LINE_BREAK);
        }
        const { events } = parse(ics);
        expect(events).toHaveLength(webinars.length);
        events.forEach((event, i) => {
          expect(event.summary ?? '').toBe(singleLine(webinars[i]!.title));
          expect(event.location ?? '').toBe(singleLine(webinars[i]!.location));
          expect(event.description ?? '').toBe(plainText(webinars[i]!.description).replace(/\t/g, ' '));
        });
      }),
      { numRuns: RUNS },
    );
  });
});

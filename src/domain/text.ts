// Text typed by people (names, webinar fields) that reaches line-based outputs: calendar files,
// mail headers, log lines. Those break or forge lines on any character some reader takes as a line
// end (a bare CR, VT, FF, NEL, U+2028, U+2029), and other control characters are invisible or
// refused there. Every schema whose values reach such an output cleans them with one of these,
// in the browser and on the server alike; the outputs clean again, for rows saved before.

/** A line end to some reader: CRLF, LF, CR, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the line ends to replace include VT, FF and NEL
const LINE_BREAKS = /\r\n|[\n\u000b\u000c\r\u0085\u2028\u2029]/g;
/** The other C0 and C1 controls and DEL, tab excepted (it is handled per kind of text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: this strips them from text typed by people
const OTHER_CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/** One line: every line end and tab becomes a space, the other control characters go. */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(OTHER_CONTROLS, '');
}

/** Several lines: every kind of line end becomes LF, tabs stay, the other control characters go. */
export function plainText(value: string): string {
  return value.replace(LINE_BREAKS, '\n').replace(OTHER_CONTROLS, '');
}

/** Any control character or Unicode line or paragraph separator (tab and LF included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: this finds them in text typed by people
export const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Without any control character or line separator at all: for links, which browsers read so too. */
export function withoutControls(value: string): string {
  return value.replace(new RegExp(CONTROL_OR_LINE_BREAK.source, 'g'), '');
}

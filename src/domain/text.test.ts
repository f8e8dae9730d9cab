import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL_OR_LINE_BREAK, plainText, singleLine, withoutControls } from './text';

const HOSTILE = [
  'a\rb',
  'a\r\nb',
  'a\nb',
  'a\u000bb',
  'a\u000cb',
  'a\u0085b',
  'a\u2028b',
  'a\u2029b',
  'a\u0000b',
  'a\u001bb',
  'a\u007fb',
  'a\u009bb',
  'a\tb',
];

describe('singleLine', () => {
  it('turns every line end and tab into a space and drops the other controls', () => {
    expect(HOSTILE.map(singleLine)).toEqual(['a b', 'a b', 'a b', 'a b', 'a b', 'a b', 'a b', 'a b', 'ab', 'ab', 'ab', 'ab', 'a b']);
    expect(singleLine('Zoë, Room 1; "quoted" \\ é 😀')).toBe('Zoë, Room 1; "quoted" \\ é 😀');
  });

  it('leaves no control character or line separator in any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(singleLine(s)).not.toMatch(CONTROL_OR_LINE_BREAK);
      }),
    );
  });
});

describe('plainText', () => {
  it('turns every line end into LF, keeps tabs and drops the other controls', () => {
    expect(HOSTILE.map(plainText)).toEqual([
      'a\nb',
      'a\nb',
      'a\nb',
      'a\nb',
      'a\nb',
      'a\nb',
      'a\nb',
      'a\nb',
      'ab',
      'ab',
      'ab',
      'ab',
      'a\tb',
    ]);
  });

  it('leaves only LF and tab of the control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(plainText(s).replace(/[\n\t]/g, '')).not.toMatch(CONTROL_OR_LINE_BREAK);
      }),
    );
  });
});

describe('withoutControls', () => {
  it('drops every control character and line separator', () => {
    expect(HOSTILE.map(withoutControls)).toEqual(HOSTILE.map(() => 'ab'));
  });
});

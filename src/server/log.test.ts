import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTROL_OR_LINE_BREAK } from '../domain/text';
import { log } from './log';

describe('log lines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stay one line that reads back the same, whatever a logged field holds', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('\r', '\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\u007f', '\u009b'),
        (text, breaker) => {
          lines.length = 0;
          const path = `/a${breaker}{"level":"error","message":"forged"}${text}`;
          log('info', 'request', { path });
          expect(lines).toHaveLength(1);
          expect(lines[0]).not.toMatch(CONTROL_OR_LINE_BREAK);
          expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', message: 'request', path });
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from './csv';

describe('CSV cells', () => {
  it('never start with something a spreadsheet runs as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}HYPERLINK("x")`).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('Ana')).toBe('Ana');
  });

  it('quotes commas, quotes and line breaks, and leaves numbers alone', () => {
    expect(csvCell('Doe, "Jo"')).toBe('"Doe, ""Jo"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(-3)).toBe('-3');
    expect(
      csvLines([
        ['a', 'b'],
        ['x', 1],
      ]),
    ).toBe('a,b\r\nx,1\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from './csv';

/** The cells of one CSV line as a spreadsheet splitting on `separator` reads them (RFC 4180 quotes). */
function splitCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell];
}

describe('CSV cells', () => {
  it('never start with something a spreadsheet runs as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}HYPERLINK("x")`).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('Ana')).toBe('"Ana"');
  });

  it('quotes every text cell, doubling inner quotes, and leaves numbers alone', () => {
    expect(csvCell('Doe, "Jo"')).toBe('"Doe, ""Jo"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('')).toBe('""');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('56.0')).toBe('"56.0"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(2.5)).toBe('2.5');
    expect(
      csvLines([
        ['a', 'b'],
        ['x', 1],
      ]),
    ).toBe('"a","b"\r\n"x",1\r\n');
  });

  // Found by the third security probe: `x;=1+1;` was written unquoted, so a spreadsheet splitting on `;` saw a cell `=1+1`.
  it('keeps a cell whole for a spreadsheet that splits on ; or a tab, so no part of it starts a formula', () => {
    const hostile = ['x;=1+1;', 'a;+SUM(1);b', 'ok;@cmd', 'tab\t=1', 'x;-2+3', 'q";=1;"', 'x,=1', '=1;=2'];
    const line = csvLines([['Name', ...hostile, 7]]).replace(/\r\n$/, '');
    for (const separator of [',', ';', '\t']) {
      const cells = splitCells(line, separator);
      for (const cell of cells) expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    // Split on the separator it was written with, every cell reads back as written (with its apostrophe if it needed one).
    expect(splitCells(line, ',')).toEqual(['Name', ...hostile.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)), '7']);
    expect(csvCell('x;=1+1;')).toBe('"x;=1+1;"');
  });
});

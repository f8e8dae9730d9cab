// CSV for spreadsheets (RFC 4180), safe to open. Every text cell is quoted (inner quotes doubled),
// so a spreadsheet that splits on another character (`;` in much of Europe, a tab) still reads one
// cell where we wrote one: unquoted, `x;=1+1;` would split into a cell `=1+1`, a formula. A text
// cell that begins with =, +, -, @, a tab or a carriage return is read as a formula by Excel,
// LibreOffice and Google Sheets even quoted, so it also gets a leading apostrophe (OWASP "CSV
// injection"). Numbers are written as they are.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The rows, each ending in CRLF (a file written a part at a time is these parts one after another). */
export function csvLines(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

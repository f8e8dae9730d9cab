// CSV for spreadsheets (RFC 4180), safe to open: a text cell that begins with =, +, -, @, a tab or
// a carriage return is read as a formula by Excel, LibreOffice and Google Sheets, so it gets a
// leading apostrophe (OWASP "CSV injection"); numbers are written as they are.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows, each ending in CRLF (a file written a part at a time is these parts one after another). */
export function csvLines(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

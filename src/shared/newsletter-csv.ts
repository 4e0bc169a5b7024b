/**
 * Reading a list of addresses to import into the newsletter: CSV as spreadsheets write it (RFC 4180 quoting; comma,
 * semicolon or tab between cells; a header row optional), or addresses pasted one per line.
 */
import { newsletterEmail } from './schemas/newsletter.ts';

export interface ImportList {
  /** Valid addresses, lower-cased, each once, in the list's order. */
  emails: string[];
  /** Rows naming an address already read above them. */
  duplicates: number;
  /** Rows without a valid address. */
  invalid: number;
}

const DELIMITERS = [',', ';', '\t'] as const;
/** Header cells that name the address column ('Email', 'E-mail', 'Email address', …). */
const EMAIL_HEADER = /^e-?mail(?:[ _-]?address)?$/i;
/** A leading apostrophe that a CSV export (ours included) puts before a cell that would read as a formula. */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/** The delimiter used most in the first line outside quotes; a comma when there is none. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const count = outside.split(d).length - 1;
    if (count > most) [best, most] = [d, count];
  }
  return best;
}

/** The rows of CSV text, quoted cells unquoted ("" is a quote); a line break inside quotes stays in the cell. */
export function csvRows(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A cell as an address candidate: trimmed, an export's formula guard dropped, 'Name <address>' reduced to the address. */
function candidate(cell: string): string {
  const value = cell.trim().replace(FORMULA_GUARD, '');
  return /<([^<>]+)>\s*$/.exec(value)?.[1]?.trim() ?? value;
}

/** The address a value holds, lower-cased, or null when it is none. */
export function importEmail(value: string): string | null {
  const parsed = newsletterEmail.safeParse(candidate(value));
  return parsed.success ? parsed.data : null;
}

/**
 * The addresses of an import list. With a header row naming an email column, that column is read; without one, each
 * row's first cell holding an '@'. Blank rows are left out; null when there are more than `maxRows` other rows.
 */
export function readImportList(text: string, maxRows: number): ImportList | null {
  const rows = csvRows(text.replace(/^\ufeff/, '')).filter((row) => row.some((cell) => cell.trim() !== ''));
  const header = rows[0]?.findIndex((cell) => EMAIL_HEADER.test(cell.trim())) ?? -1;
  const data = header >= 0 ? rows.slice(1) : rows;
  if (data.length > maxRows) return null;
  const seen = new Set<string>();
  const list: ImportList = { emails: [], duplicates: 0, invalid: 0 };
  for (const row of data) {
    const cell = header >= 0 ? row[header] : row.find((c) => c.includes('@'));
    const email = cell === undefined ? null : importEmail(cell);
    if (email === null) list.invalid++;
    else if (seen.has(email)) list.duplicates++;
    else {
      seen.add(email);
      list.emails.push(email);
    }
  }
  return list;
}

/**
 * Reads and changes the company_settings row (id = 1) of the e2e server's SQLite database directly.
 * The server reads the row on every GET /api/company, so a change shows on the next page load through
 * the layout's runtime branding refresh (no rebuild). Every call opens, works and closes the database.
 * Tests share one server: always restore what you change (see snapshotCompany).
 */
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { withDb } from './e2e-db.ts';

export type CompanyValue = string | number | null;

/** Column names end up in SQL text, so only plain snake_case names are accepted. */
function checkColumns(columns: readonly string[]): void {
  if (columns.length === 0) throw new Error('no company_settings columns given');
  for (const column of columns) {
    if (!/^[a-z][a-z0-9_]*$/.test(column)) throw new Error(`not a company_settings column name: ${column}`);
  }
}

/** The current values of the given columns. */
export function readCompany(columns: readonly string[]): Record<string, SQLOutputValue> {
  checkColumns(columns);
  return withDb((db) => {
    const row = db.prepare(`SELECT ${columns.join(', ')} FROM company_settings WHERE id = 1`).get();
    if (!row) throw new Error('company_settings has no row with id = 1');
    return { ...row };
  });
}

/** Sets the given columns (and bumps updated_at unless it is one of them); throws unless exactly one row changed. */
export function updateCompany(values: Record<string, CompanyValue>): void {
  const all: Record<string, CompanyValue> = { updated_at: new Date().toISOString(), ...values };
  const columns = Object.keys(all);
  checkColumns(columns);
  withDb((db) => {
    const assignments = columns.map((column) => `${column} = ?`).join(', ');
    const params: SQLInputValue[] = columns.map((column) => all[column] ?? null);
    const { changes } = db.prepare(`UPDATE company_settings SET ${assignments} WHERE id = 1`).run(...params);
    if (Number(changes) !== 1) throw new Error(`expected to update one company_settings row, updated ${changes}`);
  });
}

/** Remembers the given columns (and updated_at) now; the returned function writes exactly those values back. */
export function snapshotCompany(columns: readonly string[]): () => void {
  const saved = readCompany([...new Set([...columns, 'updated_at'])]);
  return () => updateCompany(saved as Record<string, CompanyValue>);
}

/**
 * GET /api/company is read by every page view, so its serialised answer (and its compressed forms)
 * is kept in memory per database until the company row changes.
 *
 * Whoever writes company_settings (the admin's `PUT /api/company`, company.admin.service.ts, once its transaction
 * has committed) must call `invalidateCompany(db)`; the next read then loads the row again. A commit by
 * another process (another API instance, `npm run seed`, a script) is seen through externalWrites: SQLite's data_version
 * within a millisecond, PostgreSQL's change notification as it arrives; while the database cannot tell (PostgreSQL's
 * listener connecting again), an entry is reloaded after MAX_AGE_MS.
 */
import { createHash } from 'node:crypto';
import { externalWrites, type Db } from '../../db/connection.ts';
import { COMPRESS_THRESHOLD, compressBody } from '../../http/compress.ts';
import type { StoredJson } from '../../http/stored-json.ts';
import { heldThemeColours } from '../publish-checks/held.ts';
import { getCompany } from './company.service.ts';

/** The serialised answer with its ETag and, when it is large enough to be worth it, compressed as compress.ts would. */
export type CompanyAnswer = StoredJson;

/** How stale an answer may get when another process changed the row. */
export const MAX_AGE_MS = 2000;

interface Entry {
  answer: Promise<CompanyAnswer>;
  /** The answer once loaded, for synchronous readers. */
  loaded?: CompanyAnswer;
  expires: number;
  /** externalWrites(db) when the entry was made: another process's commit makes it stale at once. */
  version: number | null;
}

const entries = new WeakMap<Db, Entry>();
/** The last answer per database, so a reload that finds the same bytes skips compressing them again. */
const previous = new WeakMap<Db, CompanyAnswer>();

async function load(db: Db): Promise<CompanyAnswer> {
  const [company, heldBack] = await Promise.all([getCompany(db), heldThemeColours(db)]);
  // Saved colours the publish checks hold back give way to the last ones that passed.
  const body = new TextEncoder().encode(JSON.stringify(heldBack ? { ...company, ...heldBack } : company));
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  const last = previous.get(db);
  if (last?.etag === etag) return last;
  const encoded: CompanyAnswer['encoded'] = {};
  if (body.byteLength >= COMPRESS_THRESHOLD) {
    for (const encoding of ['br', 'gzip'] as const) {
      const bytes = await compressBody(body, encoding);
      if (bytes.byteLength < body.byteLength) encoded[encoding] = bytes;
    }
  }
  const answer = { body, etag, encoded };
  previous.set(db, answer);
  return answer;
}

/** The cached entry when it is still current. */
function currentEntry(db: Db): { hit: Entry | undefined; version: number | null; now: number } {
  const now = Date.now();
  const version = externalWrites(db);
  const hit = entries.get(db);
  // The database tells when another connection wrote (then the entry never goes stale by time); else it lives MAX_AGE_MS.
  const fresh = hit?.version === version && (version !== null || hit.expires > now);
  return { hit: fresh ? hit : undefined, version, now };
}

/** The current answer if it is loaded and current, without waiting; undefined means: ask companyAnswer. */
export function peekCompanyAnswer(db: Db): CompanyAnswer | undefined {
  return currentEntry(db).hit?.loaded;
}

/** The current answer; concurrent misses share one database read. */
export function companyAnswer(db: Db): Promise<CompanyAnswer> {
  const { hit, version, now } = currentEntry(db);
  if (hit) return hit.answer;
  const entry: Entry = { answer: load(db), expires: now + MAX_AGE_MS, version };
  entry.answer.then(
    (answer) => void (entry.loaded = answer),
    () => undefined,
  );
  entries.set(db, entry);
  // A failed read is not remembered: the next request tries again.
  entry.answer.catch(() => {
    if (entries.get(db) === entry) entries.delete(db);
  });
  return entry.answer;
}

/** Call after any write to company_settings so the next GET /api/company reads the row again. */
export function invalidateCompany(db: Db): void {
  entries.delete(db);
}

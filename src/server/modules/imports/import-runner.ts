/**
 * The runner of imports: a loop in the server process that takes the oldest queued import (or one whose runner's
 * lease ran out: the server restarted mid-import) and imports its units one by one (import-apply.ts), saving its
 * progress and report as it goes, so a restart resumes where it stopped and the admin's screen shows it moving. One
 * import at a time per runner; the lease keeps two runners (two instances) off one import.
 */
import { existsSync } from 'node:fs';
import type { ImportKind, ImportOutcome, ImportReport, ImportReportItem } from '../../../shared/schemas/imports.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import type { RebuildScheduler } from '../../site/rebuild-scheduler.ts';
import { requestRebuild, type SiteChange } from '../../site/site-changed.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { applyArchives, applyUnit, type ApplyContext } from './import-apply.ts';
import { relinkImported } from './import-links.ts';
import { titleOf } from './import-plan.ts';
import { exportPath, mediaPath, openMedia, readExport, removeImportDir } from './import-source.ts';
import type { ImportUnit } from './import-units.ts';
import { claimJob, findJobRow, nextDueJob, type ImportJobRow } from './imports.repository.ts';

/** How long a claim holds without news from its runner; each unit renews it. */
export const IMPORT_LEASE_MS = 120_000;
/** How often the queue is looked at. */
export const IMPORT_POLL_MS = 2_000;
/** Progress is saved at most this often (and at the end): the admin's screen polls every 1.5 s. */
const SAVE_EVERY_MS = 1_000;

export interface ImportRunnerDeps {
  db: Db;
  dataDir: string;
  rebuilds: Pick<RebuildScheduler, 'request'>;
}

const CHANGES: Partial<Record<ImportUnit['type'], SiteChange>> = { post: 'blogs', page: 'pages', product: 'products' };

export function reportOf(items: readonly ImportReportItem[]): ImportReport {
  const counts: Partial<Record<ImportOutcome, number>> = {};
  for (const item of items) counts[item.outcome] = (counts[item.outcome] ?? 0) + 1;
  return { counts, items: [...items] };
}

/** The admin who started the import, as the audit entries name them. */
async function starter(db: Db, row: ImportJobRow) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', row.created_by)
    .executeTakeFirst();
  return user ?? { id: row.created_by, first_name: row.created_by_name, last_name: '', username: row.created_by_name };
}

/** Saves the job's progress and report, while this runner still holds it; false when it lost the lease. */
async function saveProgress(
  db: Db,
  id: string,
  lease: string,
  values: { done: number; report: string; lease_until: string },
) {
  const result = await db
    .updateTable('import_jobs')
    .set(values)
    .where('id', '=', id)
    .where('lease_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One unit, its failure made a report line (a picture queue that is full is waited out). */
async function unitLines(ctx: ApplyContext, unit: ImportUnit): Promise<ImportReportItem[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await applyUnit(ctx, unit);
    } catch (error) {
      if (error instanceof ApiError && error.status === 503 && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      const reason = error instanceof ApiError ? error.message : 'It could not be written.';
      console.error(
        JSON.stringify({ level: 'error', event: 'import.unit.failed', key: unit.key, reason: String(error) }),
      );
      return [{ key: unit.key, type: unit.type, title: titleOf(unit), outcome: 'failed', reason }];
    }
  }
}

/** Imports job `row` (claimed with `lease`) from its `done`th unit on. */
async function runJob(
  deps: ImportRunnerDeps,
  row: ImportJobRow,
  lease: string,
  stopping: () => boolean,
): Promise<void> {
  const { db, dataDir } = deps;
  const kind = row.kind as ImportKind;
  const source = await readExport(kind, exportPath(dataDir, row.id));
  const archive = existsSync(mediaPath(dataDir, row.id)) ? await openMedia(mediaPath(dataDir, row.id)) : null;
  const items: ImportReportItem[] = row.report ? (JSON.parse(row.report) as ImportReport).items : [];
  const actor = await starter(db, row);
  const ctx: ApplyContext = {
    db,
    dataDir,
    jobId: row.id,
    archive,
    uploadedBy: row.created_by,
    stored: new Map(),
    report: (item) => items.push(item),
    kind,
    actor,
  };
  let lastSave = Date.now();
  let currentLease = lease;
  const save = async (done: number) => {
    const next = new Date(Date.now() + IMPORT_LEASE_MS).toISOString();
    const kept = await saveProgress(db, row.id, currentLease, {
      done,
      report: JSON.stringify(reportOf(items)),
      lease_until: next,
    });
    currentLease = next;
    lastSave = Date.now();
    return kept;
  };
  try {
    const changed = new Set<SiteChange>();
    for (const [i, unit] of source.units.entries()) {
      if (i < row.done) continue;
      if (stopping()) return;
      const lines = await unitLines(ctx, unit);
      items.push(...lines);
      const change = CHANGES[unit.type];
      if (change && lines.some((l) => l.outcome === 'created' || l.outcome === 'updated')) changed.add(change);
      if (Date.now() - lastSave >= SAVE_EVERY_MS && !(await save(i + 1))) return;
    }
    // Every item is here now: the old archives can lead to their lists, and links between items to their new addresses.
    items.push(...(await applyArchives(db, source.archives)));
    const made = await db
      .selectFrom('import_sources')
      .select(['target_type', 'target_id'])
      .where('job_id', '=', row.id)
      .where('target_type', 'in', ['post', 'page'])
      .execute();
    await relinkImported(db, source.siteUrl, {
      blogs: made.filter((m) => m.target_type === 'post').map((m) => m.target_id),
      pages: made.filter((m) => m.target_type === 'page').map((m) => m.target_id),
    });
    const report = reportOf(items);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('import_jobs')
        .set({
          status: 'done',
          done: source.units.length,
          report: JSON.stringify(report),
          finished_at: new Date().toISOString(),
          lease_until: null,
        })
        .where('id', '=', row.id)
        .where('lease_until', '=', currentLease)
        .execute();
      await recordAudit(trx, actor, {
        action: 'import.finish',
        target: { type: 'import', id: row.id },
        summary: `Import of ${row.file_name} finished: ${report.counts.created ?? 0} created, ${report.counts.updated ?? 0} updated, ${report.counts.skipped ?? 0} skipped, ${report.counts.failed ?? 0} failed`,
      });
    });
    for (const what of changed) requestRebuild(deps.rebuilds, what);
    // The export and pictures are not needed again: what they held is in the site and the report.
    await removeImportDir(dataDir, row.id);
  } finally {
    archive?.close();
  }
}

/** Marks a job that cannot go on as failed, with the reason and the report so far. */
async function failJob(db: Db, id: string, error: unknown): Promise<void> {
  const reason =
    error instanceof ApiError ? error.message : 'The import stopped on an unexpected error; see the server log.';
  console.error(JSON.stringify({ level: 'error', event: 'import.failed', id, reason: String(error) }));
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', error: reason, finished_at: new Date().toISOString(), lease_until: null })
    .where('id', '=', id)
    .execute();
}

/** One look at the queue: the next due import run to its end (or until stopping); whether there was one. */
export async function runNextImport(deps: ImportRunnerDeps, stopping: () => boolean = () => false): Promise<boolean> {
  const now = new Date().toISOString();
  const due = await nextDueJob(deps.db, now);
  if (!due) return false;
  const lease = new Date(Date.now() + IMPORT_LEASE_MS).toISOString();
  if (!(await claimJob(deps.db, due.id, due.lease_until, lease, now))) return true;
  const row = await findJobRow(deps.db, due.id);
  if (!row) return true;
  await runJob(deps, row, lease, stopping).catch((error: unknown) => failJob(deps.db, due.id, error));
  return true;
}

export interface ImportRunner {
  /** Runs due imports now (after any pass under way), until none is due. */
  runOnce(): Promise<void>;
  /** Lets the unit under way finish, then stops; the import resumes at the next start. */
  stop(): Promise<void>;
}

/** `pollMs: null` starts no loop: imports run only when runOnce is called (tests). */
export function startImportRunner(
  deps: ImportRunnerDeps,
  { pollMs = IMPORT_POLL_MS }: { pollMs?: number | null } = {},
): ImportRunner {
  const state = { stopped: false };
  const stopping = () => state.stopped;
  let passes: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | null = null;

  const runOnce = () => {
    const pass = passes.then(async () => {
      while (!stopping() && (await runNextImport(deps, stopping)));
    });
    passes = pass.catch(() => undefined);
    return pass;
  };

  async function loop(interval: number) {
    while (!stopping()) {
      await runOnce().catch((error: unknown) => {
        console.error(JSON.stringify({ level: 'error', event: 'import.runner.failure', reason: String(error) }));
      });
      if (stopping()) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, interval);
      });
    }
  }

  const done = pollMs === null ? Promise.resolve() : loop(pollMs);
  return {
    runOnce,
    async stop() {
      state.stopped = true;
      clearTimeout(timer);
      wake?.();
      await done;
      await passes;
    },
  };
}

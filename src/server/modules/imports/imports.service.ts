/**
 * Imports from the admin: an export uploaded and its dry run made at once, the pictures' archive added (the plan made
 * again), then the import started (the runner does it: import-runner.ts), or the dry run discarded with its files.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import {
  IMPORT_NOT_FOUND,
  IMPORT_NOT_PLANNED,
  type ImportJob,
  type ImportJobSummary,
  type ImportKind,
  type ImportPlan,
  type ImportReport,
  type ImportStatus,
} from '../../../shared/schemas/imports.ts';
import type { Db } from '../../db/connection.ts';
import { FileBodyError, saveFileBody, type FileBody } from '../../http/file-body.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { gatherFacts } from './import-facts.ts';
import { planUnits } from './import-plan.ts';
import { exportPath, makeImportDir, mediaPath, openMedia, readExport, removeImportDir } from './import-source.ts';
import { findJobRow, insertJobRow, listJobRows, updateJobFrom, type ImportJobRow } from './imports.repository.ts';

export interface ImportContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

type SummaryRow = Awaited<ReturnType<typeof listJobRows>>[number];

function summaryFromRow(row: SummaryRow): ImportJobSummary {
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.file_name,
    mediaFileName: row.media_file_name,
    status: row.status as ImportStatus,
    done: row.done,
    total: row.total,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    createdBy: row.created_by_name,
    error: row.error,
  };
}

export function jobFromRow(row: ImportJobRow): ImportJob {
  return {
    ...summaryFromRow(row),
    plan: JSON.parse(row.plan) as ImportPlan,
    report: row.report ? (JSON.parse(row.report) as ImportReport) : null,
  };
}

async function jobOr404(db: Db, id: string): Promise<ImportJobRow> {
  const row = id.length <= 100 ? await findJobRow(db, id) : undefined;
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
}

/** A stored upload's failure as the route's refusal on `field`. */
async function save(file: FileBody, path: string, field: string): Promise<void> {
  await saveFileBody(file, path).catch((error: unknown) => {
    throw error instanceof FileBodyError ? fieldError(400, error.message, field) : error;
  });
}

/** The plan of the export of job `id`, against the site as it is now, with its pictures' archive when there is one. */
async function planOf(
  db: Db,
  dataDir: string,
  kind: ImportKind,
  id: string,
): Promise<{ plan: ImportPlan; total: number }> {
  const source = await readExport(kind, exportPath(dataDir, id));
  const archive = existsSync(mediaPath(dataDir, id)) ? await openMedia(mediaPath(dataDir, id)) : null;
  try {
    return { plan: planUnits(source, await gatherFacts(db, source, archive)), total: source.units.length };
  } finally {
    archive?.close();
  }
}

/** GET /api/admin/imports. */
export async function listImports(db: Db): Promise<ImportJobSummary[]> {
  return (await listJobRows(db)).map(summaryFromRow);
}

/** GET /api/admin/imports/:id. */
export async function getImport(db: Db, id: string): Promise<ImportJob> {
  return jobFromRow(await jobOr404(db, id));
}

/** POST /api/admin/imports?kind=: the export stored and its dry run made; nothing else is written. */
export async function createImport(ctx: ImportContext, kind: ImportKind, file: FileBody): Promise<ImportJob> {
  const id = randomUUID();
  await makeImportDir(ctx.dataDir, id);
  try {
    await save(file, exportPath(ctx.dataDir, id), 'file');
    const { plan, total } = await planOf(ctx.db, ctx.dataDir, kind, id);
    await insertJobRow(ctx.db, {
      id,
      kind,
      file_name: file.fileName,
      media_file_name: null,
      status: 'planned',
      plan: JSON.stringify(plan),
      total,
      created_by: ctx.actor.id,
      created_by_name: actorName(ctx.actor),
      created_at: new Date().toISOString(),
    });
  } catch (error) {
    await removeImportDir(ctx.dataDir, id);
    throw error;
  }
  return getImport(ctx.db, id);
}

/** PUT /api/admin/imports/:id/media: the pictures' archive stored (replacing an earlier one) and the plan made again. */
export async function addImportMedia(ctx: ImportContext, id: string, file: FileBody): Promise<ImportJob> {
  const row = await jobOr404(ctx.db, id);
  if (row.status !== 'planned') throw new ApiError(409, IMPORT_NOT_PLANNED);
  const kind = row.kind as ImportKind;
  const fresh = `${mediaPath(ctx.dataDir, id)}.new`;
  await save(file, fresh, 'media');
  // Checked before it replaces the one the plan was made with.
  const archive = await openMedia(fresh).catch(async (error: unknown) => {
    await rm(fresh, { force: true });
    throw error;
  });
  archive.close();
  await rename(fresh, mediaPath(ctx.dataDir, id));
  const { plan } = await planOf(ctx.db, ctx.dataDir, kind, id);
  if (!(await updateJobFrom(ctx.db, id, ['planned'], { plan: JSON.stringify(plan), media_file_name: file.fileName })))
    throw new ApiError(409, IMPORT_NOT_PLANNED);
  return getImport(ctx.db, id);
}

/** POST /api/admin/imports/:id/start: queued for the runner, the plan made again first (the site may have changed). */
export async function startImport(ctx: ImportContext, id: string): Promise<ImportJob> {
  const row = await jobOr404(ctx.db, id);
  if (row.status !== 'planned') throw new ApiError(409, IMPORT_NOT_PLANNED);
  const { plan, total } = await planOf(ctx.db, ctx.dataDir, row.kind as ImportKind, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateJobFrom(trx, id, ['planned'], { status: 'queued', plan: JSON.stringify(plan), total, done: 0 })))
      throw new ApiError(409, IMPORT_NOT_PLANNED);
    await recordAudit(trx, ctx.actor, {
      action: 'import.start',
      target: { type: 'import', id },
      summary: `Import of ${row.file_name} started (${total} items)`,
    });
  });
  return getImport(ctx.db, id);
}

/** DELETE /api/admin/imports/:id: a dry run discarded with its files; an import that started stays. */
export async function discardImport(ctx: ImportContext, id: string): Promise<void> {
  const row = await jobOr404(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateJobFrom(trx, id, ['planned'], { status: 'discarded' })))
      throw new ApiError(409, IMPORT_NOT_PLANNED);
    await recordAudit(trx, ctx.actor, {
      action: 'import.discard',
      target: { type: 'import', id },
      summary: `Import of ${row.file_name} discarded before it started`,
    });
  });
  await removeImportDir(ctx.dataDir, id);
}

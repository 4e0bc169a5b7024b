/** The import jobs and what each source item became (import_sources). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ImportJobsTable } from '../../db/schema.ts';

export type ImportJobRow = Awaited<ReturnType<typeof findJobRow>> & object;

export function findJobRow(db: Db, id: string) {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every job, newest first, without the plan and report (the list needs neither). */
export function listJobRows(db: Db) {
  return db
    .selectFrom('import_jobs')
    .select([
      'id',
      'kind',
      'file_name',
      'media_file_name',
      'status',
      'done',
      'total',
      'error',
      'created_by_name',
      'created_at',
      'started_at',
      'finished_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export async function insertJobRow(db: Db, row: Insertable<ImportJobsTable>): Promise<void> {
  await db.insertInto('import_jobs').values(row).execute();
}

/** Updates job `id` when its status is one of `from`; false when it was not (another request moved it first). */
export async function updateJobFrom(
  db: Db,
  id: string,
  from: readonly string[],
  values: Updateable<ImportJobsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The oldest job waiting or left running by a runner whose lease ran out (a restart), or undefined. */
export function nextDueJob(db: Db, now: string) {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'lease_until'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])]),
      ]),
    )
    .orderBy('created_at')
    .executeTakeFirst();
}

/**
 * Takes job `id` for this runner until `lease`, if it is still as it was seen (`seenLease`): false when another runner
 * took it first.
 */
export async function claimJob(db: Db, id: string, seenLease: string | null, lease: string, now: string) {
  const result = await db
    .updateTable('import_jobs')
    .set((eb) => ({
      status: 'running',
      lease_until: lease,
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => (seenLease === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', seenLease)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findSource(db: Db, key: string) {
  return db.selectFrom('import_sources').selectAll().where('source_key', '=', key).executeTakeFirst();
}

/** The sources among `keys` already imported, by key. */
export async function findSources(db: Db, keys: readonly string[]) {
  const found = new Map<string, { target_type: string; target_id: string; source_hash: string }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('import_sources')
      .select(['source_key', 'target_type', 'target_id', 'source_hash'])
      .where('source_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.source_key, row);
  }
  return found;
}

export async function saveSource(
  db: Db,
  row: { source_key: string; target_type: string; target_id: string; source_hash: string; job_id: string },
): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('import_sources')
    .values({ ...row, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('source_key').doUpdateSet({
        target_type: row.target_type,
        target_id: row.target_id,
        source_hash: row.source_hash,
        job_id: row.job_id,
        updated_at: at,
      }),
    )
    .execute();
}

/** The publish checks' rows: an item's findings and hold, and the last run's times. */
import type { CheckFinding, CheckedItem, CheckedKind, PublishCheckReport } from '../../../shared/publish-checks.ts';
import type { Db } from '../../db/connection.ts';
import { listRedirects } from '../redirects/redirects.repository.ts';

const RUN_ID = 'last';

/** Findings as this module wrote them; text it cannot read counts as none (a report never breaks). */
function findingsOf(text: string): CheckFinding[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as CheckFinding[]) : [];
  } catch {
    return [];
  }
}

/**
 * Replaces the findings of the checks before a build: `items` hold the items with findings; an item measured after
 * the last build keeps its page findings until the next build measures it again.
 */
export async function saveCheckRun(
  db: Db,
  items: readonly CheckedItem[],
  checked: number,
  at: string,
  /** The theme colours that passed (JSON), kept for visitors while later ones are held back; null keeps the last. */
  { keptTheme }: { keptTheme: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('publish_checks').set({ findings: '[]', held: false }).execute();
    for (const item of items) {
      const row = {
        title: item.title,
        path: item.path,
        fix_href: item.fixHref,
        held: item.held,
        findings: JSON.stringify(item.findings),
      };
      await trx
        .insertInto('publish_checks')
        .values({ kind: item.kind, item_id: item.id, ...row })
        .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet(row))
        .execute();
    }
    await trx.deleteFrom('publish_checks').where('findings', '=', '[]').where('page_findings', '=', '[]').execute();
    const run = { checked_at: at, checked, ...(keptTheme === null ? {} : { kept_theme: keptTheme }) };
    await trx
      .insertInto('publish_check_runs')
      .values({ id: RUN_ID, ...run })
      .onConflict((oc) => oc.column('id').doUpdateSet(run))
      .execute();
  });
}

/** A page the build wrote for an item, with what weighing it found. */
export interface WeighedPage {
  kind: CheckedKind;
  id: string;
  title: string;
  path: string;
  fixHref: string;
  findings: CheckFinding[];
}

/** Replaces the page findings with those of the build just weighed. */
export async function savePageWeights(db: Db, pages: readonly WeighedPage[], at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('publish_checks').set({ page_findings: '[]' }).execute();
    for (const page of pages) {
      const row = { page_findings: JSON.stringify(page.findings) };
      await trx
        .insertInto('publish_checks')
        .values({
          kind: page.kind,
          item_id: page.id,
          title: page.title,
          path: page.path,
          fix_href: page.fixHref,
          ...row,
        })
        .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet(row))
        .execute();
    }
    await trx.deleteFrom('publish_checks').where('findings', '=', '[]').where('page_findings', '=', '[]').execute();
    const updated = await trx
      .updateTable('publish_check_runs')
      .set({ pages_measured_at: at })
      .where('id', '=', RUN_ID)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await trx
        .insertInto('publish_check_runs')
        .values({ id: RUN_ID, checked_at: at, checked: 0, pages_measured_at: at })
        .execute();
  });
}

/** The report as the admin reads it: held items first, then by kind and title. */
export async function readReport(db: Db): Promise<PublishCheckReport> {
  const [run, rows] = await Promise.all([
    db.selectFrom('publish_check_runs').selectAll().where('id', '=', RUN_ID).executeTakeFirst(),
    db.selectFrom('publish_checks').selectAll().orderBy('kind').orderBy('title').orderBy('item_id').execute(),
  ]);
  const items = rows.map((row): CheckedItem => ({
    kind: row.kind as CheckedKind,
    id: row.item_id,
    title: row.title,
    path: row.path,
    fixHref: row.fix_href,
    held: Boolean(row.held),
    findings: [...findingsOf(row.findings), ...findingsOf(row.page_findings)],
  }));
  return {
    checkedAt: run?.checked_at ?? null,
    pagesMeasuredAt: run?.pages_measured_at ?? null,
    checked: run?.checked ?? 0,
    items: items.sort((a, b) => Number(b.held) - Number(a.held)),
  };
}

/** How many items the last run holds back, and when it ran (the admin's notification). */
export async function heldSummary(db: Db): Promise<{ held: number; checkedAt: string | null }> {
  const [run, held] = await Promise.all([
    db.selectFrom('publish_check_runs').select('checked_at').where('id', '=', RUN_ID).executeTakeFirst(),
    db
      .selectFrom('publish_checks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('held', '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  return { held: Number(held.n), checkedAt: run?.checked_at ?? null };
}

/** The old addresses that redirect, as a link may still name them. */
export async function redirectSources(db: Db): Promise<Set<string>> {
  return new Set((await listRedirects(db)).map((r) => r.from_path));
}

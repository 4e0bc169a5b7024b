/** What the restore panel shows of a dry run and of a restore: pure, so it is tested apart from the screen. */
import { formatDate, formatDateTime } from '../../../lib/format/dates.ts';
import type { RestorePlan } from '../../../shared/schemas/restore.ts';
import { formatBytes } from './format-bytes.ts';

/** One table's row counts, and how the restore changes them. */
export interface TableRow {
  name: string;
  /** The name as words ('page_views' → 'page views'), so a narrow screen wraps it between them. */
  label: string;
  backup: number;
  now: number;
  differs: boolean;
  /** '+3', '−2' (a minus sign, not a hyphen) or 'same'. */
  change: string;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The plan's tables in its order; only those whose counts differ unless `all`. */
export function tableRows(plan: RestorePlan, all: boolean): TableRow[] {
  return plan.tables
    .map(({ name, backup, now }) => {
      const delta = backup - now;
      return {
        name,
        label: name.replaceAll('_', ' '),
        backup,
        now,
        differs: delta !== 0,
        change:
          delta === 0
            ? 'same'
            : delta > 0
              ? `+${delta.toLocaleString('en-US')}`
              : `−${(-delta).toLocaleString('en-US')}`,
      };
    })
    .filter((row) => all || row.differs);
}

/** How many tables have another row count in the backup than now. */
export const differingTables = (plan: RestorePlan) => plan.tables.filter((t) => t.backup !== t.now).length;

/** The line above the rows table: how many of the tables differ. */
export function tablesSummary(plan: RestorePlan): string {
  const differing = differingTables(plan);
  const total = plural(plan.tables.length, 'table');
  if (differing === 0) {
    return plan.tables.length === 1
      ? 'The table has as many rows in the backup as now.'
      : `All ${total} have as many rows in the backup as now.`;
  }
  return `${differing.toLocaleString('en-US')} of ${total} ${differing === 1 ? 'has' : 'have'} another number of rows in the backup than now.`;
}

const STORE_NAMES: Record<RestorePlan['files'][number]['store'], string> = {
  media: 'Media (pictures and audio)',
  documents: 'Documents',
};

/** One file store's lines: its name, then label and value pairs. */
export interface StoreFacts {
  store: string;
  name: string;
  facts: [string, string][];
}

/** Each store's files: in the backup (with their size), now, and what the restore adds and removes. */
export function storeFacts(plan: RestorePlan): StoreFacts[] {
  return plan.files.map((f) => ({
    store: f.store,
    name: STORE_NAMES[f.store],
    facts: [
      ['In the backup', plural(f.backup, 'file')],
      ['Their size', formatBytes(f.backupBytes)],
      ['Now', plural(f.now, 'file')],
      ['Added by the restore', plural(f.added, 'file')],
      ['Removed by the restore', plural(f.removed, 'file')],
    ],
  }));
}

/** The checksum line: every one was checked before the plan was made. */
export const checksumsLine = (plan: RestorePlan) =>
  `${plural(plan.checksums, 'checksum')} checked: the archive is whole and unchanged.`;

/** 'Nov 22, 2026' and '6:00 PM UTC' of an instant, for "the backup of <date> at <time>"; both '' when invalid. */
export function dateAndTime(iso: string): { date: string; time: string } {
  const date = formatDate(iso);
  const both = formatDateTime(iso);
  return { date, time: both.startsWith(`${date}, `) ? both.slice(date.length + 2) : '' };
}

/** 'the backup of Nov 22, 2026 at 6:00 PM UTC'. */
export function backupOf(createdAt: string): string {
  const { date, time } = dateAndTime(createdAt);
  if (!date) return 'the backup';
  return time ? `the backup of ${date} at ${time}` : `the backup of ${date}`;
}

/** The database kind by its product name. */
export const databaseName = (database: RestorePlan['database']) => (database === 'postgres' ? 'PostgreSQL' : 'SQLite');

import { describe, expect, it } from 'vitest';
import {
  backupOf,
  checksumsLine,
  dateAndTime,
  databaseName,
  differingTables,
  storeFacts,
  tableRows,
  tablesSummary,
} from '../../src/components/admin/backup/restore-plan-rows.ts';
import type { RestorePlan } from '../../src/shared/schemas/restore.ts';

const plan = (tables: RestorePlan['tables'], files: RestorePlan['files'] = []): RestorePlan => ({
  createdAt: '2026-11-22T18:05:00.000Z',
  database: 'sqlite',
  tables,
  files,
  checksums: 1,
});

describe('the restore panel’s dry run (restore-plan-rows)', () => {
  const tables = [
    { name: 'users', backup: 3, now: 5 },
    { name: 'pages', backup: 10, now: 10 },
    { name: 'orders', backup: 2400, now: 12 },
  ];

  it('lists the tables whose counts differ, in the plan’s order, or all of them', () => {
    expect(tableRows(plan(tables), false)).toEqual([
      { name: 'users', label: 'users', backup: 3, now: 5, differs: true, change: '−2' },
      { name: 'orders', label: 'orders', backup: 2400, now: 12, differs: true, change: '+2,388' },
    ]);
    expect(tableRows(plan(tables), true).map((row) => [row.name, row.change])).toEqual([
      ['users', '−2'],
      ['pages', 'same'],
      ['orders', '+2,388'],
    ]);
    expect(differingTables(plan(tables))).toBe(2);
    // Words a narrow screen can wrap between.
    expect(tableRows(plan([{ name: 'page_views', backup: 1, now: 2 }]), true)[0]?.label).toBe('page views');
  });

  it('sums the tables up in a sentence', () => {
    expect(tablesSummary(plan(tables))).toBe('2 of 3 tables have another number of rows in the backup than now.');
    expect(tablesSummary(plan(tables.slice(0, 2)))).toBe(
      '1 of 2 tables has another number of rows in the backup than now.',
    );
    expect(tablesSummary(plan([{ name: 'pages', backup: 1, now: 1 }]))).toBe(
      'The table has as many rows in the backup as now.',
    );
    expect(tablesSummary(plan(tables.slice(1, 2).concat(tables.slice(1, 2))))).toBe(
      'All 2 tables have as many rows in the backup as now.',
    );
  });

  it('writes each store’s files with the backup’s size', () => {
    const facts = storeFacts(
      plan(
        [],
        [
          { store: 'media', backup: 12, backupBytes: 4.2 * 1024 * 1024, now: 1, added: 11, removed: 0 },
          { store: 'documents', backup: 0, backupBytes: 0, now: 2, added: 0, removed: 2 },
        ],
      ),
    );
    expect(facts).toEqual([
      {
        store: 'media',
        name: 'Media (pictures and audio)',
        facts: [
          ['In the backup', '12 files'],
          ['Their size', '4.2 MB'],
          ['Now', '1 file'],
          ['Added by the restore', '11 files'],
          ['Removed by the restore', '0 files'],
        ],
      },
      {
        store: 'documents',
        name: 'Documents',
        facts: [
          ['In the backup', '0 files'],
          ['Their size', '0 bytes'],
          ['Now', '2 files'],
          ['Added by the restore', '0 files'],
          ['Removed by the restore', '2 files'],
        ],
      },
    ]);
  });

  it('names the checksums, the database and the backup’s date and time', () => {
    expect(checksumsLine({ ...plan([]), checksums: 1204 })).toBe(
      '1,204 checksums checked: the archive is whole and unchanged.',
    );
    expect(checksumsLine(plan([]))).toBe('1 checksum checked: the archive is whole and unchanged.');
    expect(databaseName('postgres')).toBe('PostgreSQL');
    expect(databaseName('sqlite')).toBe('SQLite');
    expect(dateAndTime('2026-11-22T18:05:00.000Z')).toEqual({ date: 'Nov 22, 2026', time: '6:05 PM UTC' });
    expect(backupOf('2026-11-22T18:05:00.000Z')).toBe('the backup of Nov 22, 2026 at 6:05 PM UTC');
    expect(dateAndTime('not a date')).toEqual({ date: '', time: '' });
    expect(backupOf('not a date')).toBe('the backup');
  });
});

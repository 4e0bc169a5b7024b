import { describe, expect, it } from 'vitest';
import { groupFiles } from '../../scripts/e2e.ts';

const seconds = (table: Record<string, number>) => (file: string) => table[file] ?? 1;

describe('groupFiles (scripts/e2e.ts)', () => {
  it('puts every file in exactly one group, each group sorted', () => {
    const files = ['c.test.ts', 'a.test.ts', 'b.test.ts', 'd.test.ts', 'e.test.ts'];
    const groups = groupFiles(files, 2, seconds({}));
    expect(groups.flat().sort()).toEqual([...files].sort());
    for (const group of groups) expect(group).toEqual([...group].sort());
  });

  it('balances by measured time, heaviest first onto the lightest group', () => {
    const table = { 'a11y.test.ts': 200, 'csp.test.ts': 100, 'x.test.ts': 60, 'y.test.ts': 50, 'z.test.ts': 10 };
    const groups = groupFiles(Object.keys(table), 2, seconds(table));
    const totals = groups.map((g) => g.reduce((sum, f) => sum + table[f as keyof typeof table], 0));
    expect(groups[0]).toEqual(['a11y.test.ts', 'z.test.ts']);
    expect(totals).toEqual([210, 210]);
  });

  it('gives one group for one, and no empty groups when files are fewer than groups', () => {
    expect(groupFiles(['a.test.ts', 'b.test.ts'], 1, seconds({}))).toEqual([['a.test.ts', 'b.test.ts']]);
    expect(groupFiles(['a.test.ts'], 3, seconds({}))).toEqual([['a.test.ts']]);
    expect(groupFiles([], 2, seconds({}))).toEqual([]);
  });
});

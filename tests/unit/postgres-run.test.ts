/**
 * The PostgreSQL run of the integration suite leaves out the files that never open the test database
 * (SAME_ON_BOTH in tests/vitest.config.ts): the list must name exactly those, or a file that does reach it would lose
 * its PostgreSQL run, and one that does not would run twice for nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAME_ON_BOTH } from '../vitest.config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEST_DATABASE = resolve(ROOT, 'tests/helpers/test-database.ts');

/** The relative imports of a TypeScript file (static and dynamic), as absolute paths. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1] ?? '');
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** Whether the test database helper is among `file`'s imports, directly or through other files. */
function reachesTestDatabase(file: string, seen = new Set<string>()): boolean {
  if (file === TEST_DATABASE) return true;
  if (seen.has(file) || !file.endsWith('.ts')) return false;
  seen.add(file);
  return relativeImports(file).some((imported) => reachesTestDatabase(imported, seen));
}

describe('the PostgreSQL run', () => {
  it('leaves out exactly the integration files that never open the test database', () => {
    const dir = join(ROOT, 'tests/integration');
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.test.ts') && !name.startsWith('postgres-'))
      .map((name) => join(dir, name));
    const withoutDatabase = files.filter((file) => !reachesTestDatabase(file)).map((file) => relative(ROOT, file));
    expect(withoutDatabase.sort()).toEqual([...SAME_ON_BOTH].sort());
  });

  it('follows imports through helpers to the test database', () => {
    expect(reachesTestDatabase(join(ROOT, 'tests/integration/checkout.test.ts'))).toBe(true);
    expect(reachesTestDatabase(join(ROOT, 'tests/integration/seed.test.ts'))).toBe(false);
  });
});

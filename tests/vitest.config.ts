import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const alias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };

/**
 * Integration tests that are about SQLite itself (its lock, its full disk, its files): the PostgreSQL run leaves them
 * out; their PostgreSQL counterparts are in tests/integration/postgres-*.test.ts.
 */
const SQLITE_ONLY = ['tests/integration/db-locked.test.ts', 'tests/integration/disk-full.test.ts'];

/**
 * Integration tests whose subject is the site build and the directory served, not the database: each runs real Astro
 * builds (a minute or more apiece), and the queries they make are the ones every other file runs on PostgreSQL too.
 * The PostgreSQL run leaves them out.
 */
const BUILD_ONLY = [
  'tests/integration/concurrent-builds.test.ts',
  'tests/integration/incremental-build.test.ts',
  'tests/integration/list-data-build.test.ts',
  'tests/integration/restart-serves-previous-build.test.ts',
  'tests/integration/start-rebuild.test.ts',
];

/**
 * Integration tests that never open the test database (tests/helpers/test-database.ts): each makes its own SQLite
 * file or none, so a PostgreSQL run would repeat the SQLite one exactly. The PostgreSQL run leaves them out;
 * tests/unit/postgres-run.test.ts keeps this list equal to the files that reach no test database.
 */
export const SAME_ON_BOTH = [
  'tests/integration/launch.test.ts',
  'tests/integration/media-storage-contract.test.ts',
  'tests/integration/migration-cents.test.ts',
  'tests/integration/product-reader-route.test.ts',
  'tests/integration/rebuild-webhook.test.ts',
  'tests/integration/require-node.test.ts',
  'tests/integration/seed.test.ts',
];

/** Integration tests of the PostgreSQL module itself: the PostgreSQL run only. */
const POSTGRES_ONLY = 'tests/integration/postgres-*.test.ts';

// With TEST_POSTGRES_URL (a server where tests may create databases; .ci/run starts one) every integration test runs
// a second time on PostgreSQL (tests/helpers/test-database.ts).
const postgresUrl = process.env['TEST_POSTGRES_URL'];

// The node projects share each worker's modules between files (isolate: false): a file in a fresh process spent a
// third of its time importing the server again (12 integration files: 29 s isolated, 16 s not; the whole node and
// PostgreSQL run: 21 min to under 14). Each file builds its own app, database and DATA_DIR. The jsdom islands' files
// mock modules per file, so they keep their own processes.
// Projects (design.md 5): `node` for server, lib and stores; `jsdom` renders the React islands and never imports
// node:sqlite; `astro` renders Astro pages; `node-postgres` is the integration suite again on PostgreSQL.
export default defineConfig({
  root,
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores, so one file at a time on the 2-core CI; the integration
    // files mostly wait on servers, child processes and PostgreSQL, so two at a time nearly halves the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['tests/unit/components/**', POSTGRES_ONLY],
          environment: 'node',
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          include: ['tests/unit/components/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/components/setup.ts'],
        },
      },
      // `astro` renders the site's own pages with Astro's Container API, on Astro's Vite config.
      'tests/vitest.astro.config.ts',
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: 'node-postgres',
                include: ['tests/integration/**/*.test.ts'],
                exclude: [...SQLITE_ONLY, ...BUILD_ONLY, ...SAME_ON_BOTH],
                environment: 'node',
                pool: 'forks' as const,
                isolate: false,
                env: { TEST_DIALECT: 'postgres', TEST_POSTGRES_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const alias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };

// Two projects (design.md 5): `node` for server, lib and stores; `jsdom` renders the React islands and never imports node:sqlite.
export default defineConfig({
  root,
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'], exclude: ['tests/unit/components/**'], environment: 'node', pool: 'forks' },
      },
      {
        extends: true,
        test: { name: 'jsdom', include: ['tests/unit/components/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/unit/components/setup.ts'] },
      },
    ],
  },
});

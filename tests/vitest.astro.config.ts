import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

/**
 * Tests that render the site's own Astro pages and components with Astro's Container API: the project's Vite
 * config (its integrations and renderers) is Astro's, so these run in their own vitest project.
 */
export default getViteConfig(
  {
    test: {
      name: 'astro',
      include: ['tests/astro/**/*.test.ts'],
      environment: 'node',
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 240_000,
    },
  },
  { root: fileURLToPath(new URL('..', import.meta.url)) },
);

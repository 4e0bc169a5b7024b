/**
 * An Astro integration: `_redirects` in the built site, one `from to 301` line per old address an import left
 * (GET /api/redirects), the file Netlify and Cloudflare Pages read, so dist/ on a CDN answers the old site's links as
 * the Node server does. No file when there is nothing to redirect.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { ofetch } from 'ofetch';

interface Redirects {
  results: { from: string; to: string }[];
}

const apiOrigin = () => process.env['BUILD_API_URL'] ?? process.env['PUBLIC_API_URL'] ?? process.env['SITE_URL'] ?? '';

export default function redirectsFile(): AstroIntegration {
  return {
    name: 'company-site:redirects-file',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { results } = await ofetch<Redirects>('/api/redirects', { baseURL: apiOrigin(), retry: 2 });
        if (results.length === 0) return;
        const lines = results.map((r) => `${encodeURI(r.from)} ${encodeURI(r.to)} 301`);
        await writeFile(new URL('_redirects', dir), `${lines.join('\n')}\n`);
        logger.info(`_redirects: ${results.length} old addresses`);
      },
    },
  };
}

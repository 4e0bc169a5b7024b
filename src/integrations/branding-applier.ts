/**
 * An Astro integration: the code that applies branding changed after the build (src/lib/browser/apply-branding.ts)
 * as one standalone, content-hashed module, and its URL as `virtual:branding-applier-url`.
 *
 * Why: every page runs the layout script, and Astro inlines a page script only when it imports nothing and loads
 * nothing dynamically. Inline, it costs no request before the first paint (a module script and its two shared chunks
 * cost /about 340 ms of Lighthouse LCP, median of 5). The applier is needed only when branding changed since the
 * build, so the page script imports it by this URL at that moment, which Vite does not analyse.
 */
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../lib/browser/apply-branding.ts', import.meta.url));
const VIRTUAL = 'virtual:branding-applier-url';

/** The applier bundled for browsers: one ES module, minified, with its imports inside. */
export async function bundleBrandingApplier(publicApiUrl: string | undefined): Promise<{ code: string; fileName: string }> {
  // What Vite would replace in a browser build.
  const define = { 'import.meta.env.SSR': 'false', 'import.meta.env.PUBLIC_API_URL': publicApiUrl === undefined ? 'undefined' : JSON.stringify(publicApiUrl) };
  const result = await build({ entryPoints: [ENTRY], bundle: true, format: 'esm', minify: true, target: 'es2022', write: false, define });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  return { code, fileName: `apply-branding.${hash}.js` };
}

export default function brandingApplier(): AstroIntegration {
  let bundle: Promise<{ code: string; fileName: string }>;
  return {
    name: 'company-site:branding-applier',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        bundle = bundleBrandingApplier(process.env['PUBLIC_API_URL']);
        const base = config.base.replace(/\/?$/, '/');
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'company-site:branding-applier-url',
                resolveId: (id: string) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
                load: async (id: string) => (id === `\0${VIRTUAL}` ? `export default ${JSON.stringify(`${base}_astro/${(await bundle).fileName}`)};` : null),
              },
            ],
          },
        });
      },
      // `npm run dev` serves the same bundle at the same URL.
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const { code, fileName } = await bundle;
          if (!req.url?.endsWith(`/_astro/${fileName}`)) return next();
          res.setHeader('Content-Type', 'text/javascript');
          res.end(code);
        });
      },
      'astro:build:done': async ({ dir }) => {
        const { code, fileName } = await bundle;
        const out = join(fileURLToPath(dir), '_astro');
        await mkdir(out, { recursive: true });
        await writeFile(join(out, fileName), code);
      },
    },
  };
}

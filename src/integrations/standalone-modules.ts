/**
 * An Astro integration: browser modules that inline page scripts load by URL (each one standalone, minified and
 * content-hashed under _astro/), with each URL as a virtual module. Today:
 * - `virtual:branding-applier-url`: applies branding changed after the build (src/lib/browser/apply-branding.ts);
 * - `virtual:shop-actions-url`: 'Add to cart' and a product page's live stock (src/lib/browser/shop-actions.ts),
 *   loaded by components/shop/AddToCartScript.astro;
 * - `virtual:toggle-placement-url`: keeps the floating theme toggle off controls and text
 *   (src/lib/browser/toggle-placement.ts), loaded by the layout script once the page has painted;
 * - `virtual:learn-role-url`: asks a session from before roles were remembered for its role
 *   (src/lib/browser/learn-role.ts), loaded by the layout script after the first paint for such a session alone;
 * - `virtual:event-registration-url`: a free event's sign-up form (src/lib/browser/event-registration.ts), loaded by
 *   components/events/EventRegistration.astro when the form comes into view;
 * - `virtual:review-form-url`: a product's or audio item's reviews and review form (src/lib/browser/review-form.ts),
 *   loaded by components/reviews/ReviewSection.astro when the section comes into view.
 * - `virtual:event-tickets-url`: a paid event's tickets left, read live, and its 'Add to cart'
 *   (src/lib/browser/event-tickets.ts), loaded by components/events/EventTickets.astro when the section comes into view.
 *
 * Why: every page runs the layout script, and Astro inlines a page script only when it imports nothing and loads
 * nothing dynamically. Inline, it costs no request before the first paint (a module script and its two shared chunks
 * cost /about 340 ms of Lighthouse LCP, median of 5; the shop page's own module script cost it 450 ms, 1.00 → 1.51 ×
 * the reference). These modules are needed only later (branding changed since the build, a click on 'Add to cart',
 * the stock or the toggle's corner once the page has painted), so the page scripts import them by URL then, which Vite does not analyse.
 * A page script stays inline only while it shares no module with another script (the URL modules included).
 */
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface StandaloneModule {
  /** The virtual module whose default export is the URL. */
  virtual: string;
  /** The module's source, from src/lib/browser. */
  entry: string;
  /** The bundle's file name before its hash. */
  name: string;
}

export const STANDALONE_MODULES: readonly StandaloneModule[] = [
  { virtual: 'virtual:branding-applier-url', entry: 'apply-branding.ts', name: 'apply-branding' },
  { virtual: 'virtual:shop-actions-url', entry: 'shop-actions.ts', name: 'shop-actions' },
  { virtual: 'virtual:toggle-placement-url', entry: 'toggle-placement.ts', name: 'toggle-placement' },
  { virtual: 'virtual:learn-role-url', entry: 'learn-role.ts', name: 'learn-role' },
  { virtual: 'virtual:event-registration-url', entry: 'event-registration.ts', name: 'event-registration' },
  { virtual: 'virtual:review-form-url', entry: 'review-form.ts', name: 'review-form' },
  { virtual: 'virtual:event-tickets-url', entry: 'event-tickets.ts', name: 'event-tickets' },
];

/** A module bundled for browsers: one ES module, minified, with its imports inside. */
export async function bundleStandalone(
  module: StandaloneModule,
  publicApiUrl: string | undefined,
  publicMediaBaseUrl?: string,
): Promise<{ code: string; fileName: string }> {
  const entry = fileURLToPath(new URL(`../lib/browser/${module.entry}`, import.meta.url));
  // What Vite would replace in a browser build.
  const text = (value: string | undefined) => (value === undefined ? 'undefined' : JSON.stringify(value));
  const define = {
    'import.meta.env.SSR': 'false',
    'import.meta.env.PUBLIC_API_URL': text(publicApiUrl),
    'import.meta.env.PUBLIC_MEDIA_BASE_URL': text(publicMediaBaseUrl),
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    define,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote no bundle for ${module.entry}`);
  const code = output.text;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  return { code, fileName: `${module.name}.${hash}.js` };
}

export default function standaloneModules(): AstroIntegration {
  let bundles: Map<string, Promise<{ code: string; fileName: string }>>;
  return {
    name: 'company-site:standalone-modules',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        bundles = new Map(
          STANDALONE_MODULES.map((m) => [
            m.virtual,
            bundleStandalone(m, process.env['PUBLIC_API_URL'], process.env['PUBLIC_MEDIA_BASE_URL']),
          ]),
        );
        const base = config.base.replace(/\/?$/, '/');
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'company-site:standalone-module-urls',
                resolveId: (id: string) => (bundles.has(id) ? `\0${id}` : null),
                load: async (id: string) => {
                  const bundle = id.startsWith('\0') ? bundles.get(id.slice(1)) : undefined;
                  return bundle
                    ? `export default ${JSON.stringify(`${base}_astro/${(await bundle).fileName}`)};`
                    : null;
                },
              },
            ],
          },
        });
      },
      // `npm run dev` serves the same bundles at the same URLs.
      'astro:server:setup': ({ server }) => {
        const serveBundle = async (url: string | undefined) => {
          for (const bundle of bundles.values()) {
            const { code, fileName } = await bundle;
            if (url?.endsWith(`/_astro/${fileName}`)) return code;
          }
          return null;
        };
        server.middlewares.use((req, res, next) => {
          // A bundle that failed to build goes to the server's error handler.
          serveBundle(req.url).then((code) => {
            if (code === null) {
              next();
              return;
            }
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          }, next);
        });
      },
      'astro:build:done': async ({ dir }) => {
        const out = join(fileURLToPath(dir), '_astro');
        await mkdir(out, { recursive: true });
        for (const bundle of bundles.values()) {
          const { code, fileName } = await bundle;
          await writeFile(join(out, fileName), code);
        }
      },
    },
  };
}

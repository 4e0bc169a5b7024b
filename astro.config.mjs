// @ts-check
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import UnoCSS from 'unocss/astro';

const port = Number(process.env.PORT ?? 4321);
// Pages for signed-in people, admins or placeholders stay out of the sitemap.
const PRIVATE = /\/(admin|admin-dashboard|profile|messages|settings|analytics|orders|reset-password|blog-view)(\/|$)/;

/**
 * Vite wraps every dynamic import in its preload helper (~0.5 KB brotli on every page), even with modulePreload off
 * (vitejs/vite#13952, #18551): with no module preloads its only job left is loading the imported chunk's CSS. None
 * of our dynamic imports has CSS (checked below, the build fails otherwise), so the wrapper becomes a plain call.
 * @returns {import('vite').Plugin}
 */
function noPreloadHelper() {
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'no-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Vite's own helper module, replaced before Vite loads it: every chunk that imports it gets the plain call.
    load: (id) => (id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null),
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const lazy = new Set(chunks.flatMap((chunk) => chunk.dynamicImports));
      for (const chunk of chunks) {
        if (lazy.has(chunk.fileName) && chunk.viteMetadata?.importedCss?.size) {
          throw new Error(`${chunk.fileName} is imported dynamically and has CSS: the no-preload-helper plugin cannot be used`);
        }
      }
    },
  };
  return plugin;
}

export default defineConfig({
  site: process.env.SITE_URL ?? `http://localhost:${port}`,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [UnoCSS({ injectReset: true }), preact({ compat: true }), sitemap({ filter: (page) => !PRIVATE.test(new URL(page).pathname) })],
  server: { host: '127.0.0.1', port },
  devToolbar: { enabled: false },
  // Every page carries its CSS (about 7 KB brotli): no render-blocking request before the first paint (issue 6 measured
  // LCP with the stylesheet linked and inlined; inlined is the one within 1.2 x the reference page).
  build: { inlineStylesheets: 'always' },
  // Hashes for every script and style Astro renders; the Node server repeats the policy as a header (security.md R51).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https://i.ytimg.com https://*.googleusercontent.com",
        "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    // Preact, its hooks and compat layer travel as one file: one request and one compression window instead of several.
    // Dynamic imports (the branding code loaded only after a change) preload nothing: the layout script every page
    // runs carries no dependency map.
    plugins: [
      { name: 'no-module-preload', configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined) },
      // keen-slider's React hook imports 'react': bundled for the server build too, so the preact/compat alias reaches it.
      { name: 'bundle-keen-slider', configEnvironment: (name) => (name === 'client' ? undefined : { resolve: { noExternal: ['keen-slider'] } }) },
      noPreloadHelper(),
    ],
    build: {
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'preact', test: /node_modules[\\/]preact[\\/]/ }] } },
      },
    },
    // `npm run dev` runs the API beside the dev server; the browser reaches it through this proxy.
    ...(process.env.DEV_API_URL ? { server: { proxy: { '/api': process.env.DEV_API_URL, '/media': process.env.DEV_API_URL } } } : {}),
  },
});

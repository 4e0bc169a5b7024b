// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import UnoCSS from 'unocss/astro';
import standaloneModules from './src/integrations/standalone-modules.ts';
import clientDirectives from './src/integrations/client-directives.ts';
import pageCss from './src/integrations/page-css.ts';
import precompress from './src/integrations/precompress.ts';
import redirectsFile from './src/integrations/redirects-file.ts';

const port = Number(process.env.PORT ?? 4321);
// MEDIA_BASE_URL: media come from a CDN (build-site.ts passes it to the pages as PUBLIC_MEDIA_BASE_URL; apiAsset).
const mediaOrigin = process.env.PUBLIC_MEDIA_BASE_URL ? ` ${new URL(process.env.PUBLIC_MEDIA_BASE_URL).origin}` : '';
// Pages for signed-in people, admins or placeholders, the newsletter's link pages and drafts' previews stay out of the
// sitemap.
const PRIVATE =
  /\/(admin|admin-dashboard|profile|messages|settings|analytics|orders|cart|checkout|reset-password|accept-invitation|blog-view|product-view|preview|newsletter)(\/|$)/;
// Sections with nothing published that no menu shows (GET /api/navigation; build-site.ts passes them): their pages
// only say they are empty.
const HIDDEN_SECTIONS = (process.env.SITEMAP_HIDDEN_ROUTES ?? '').split(',').filter((route) => /^\/[a-z]/.test(route));

export default defineConfig({
  site: process.env.SITE_URL ?? `http://localhost:${port}`,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    UnoCSS({ injectReset: true }),
    react(),
    clientDirectives(),
    standaloneModules(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return !PRIVATE.test(path) && !HIDDEN_SECTIONS.some((route) => path === route || path.startsWith(`${route}/`));
      },
    }),
    pageCss(),
    redirectsFile(),
    precompress(),
  ],
  server: { host: '127.0.0.1', port },
  // Each server's builds keep their cache beside its DIST_DIR (build-site.ts), never shared with another site's.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  // A page whose cacheKey (lib/build/page-key.ts) and code are unchanged is copied from the last build, not rendered.
  experimental: { incrementalBuild: true },
  devToolbar: { enabled: false },
  // Every page carries its CSS: no render-blocking request before the first paint (LCP was measured with the
  // stylesheet linked and inlined; inlined is the one within budget).
  build: { inlineStylesheets: 'always' },
  // Hashes for every script and style Astro renders; the Node server repeats the policy as a header (security.md R51).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        `img-src 'self' data: https://i.ytimg.com https://*.googleusercontent.com${mediaOrigin}`,
        `media-src 'self'${mediaOrigin}`,
        'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // Every page with an island loads all of React and its Astro renderer: one file compresses better than the
          // six rolldown would split them into (about 1.9 KB brotli less per page).
          codeSplitting: {
            groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ }],
          },
        },
      },
    },
    // `npm run dev` runs the API beside the dev server; the browser reaches it through this proxy.
    ...(process.env.DEV_API_URL
      ? { server: { proxy: { '/api': process.env.DEV_API_URL, '/media': process.env.DEV_API_URL } } }
      : {}),
  },
});

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import UnoCSS from 'unocss/astro';

const port = Number(process.env.PORT ?? 4321);

export default defineConfig({
  site: process.env.SITE_URL ?? `http://localhost:${port}`,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [UnoCSS({ injectReset: true }), react()],
  server: { host: '127.0.0.1', port },
  devToolbar: { enabled: false },
  // `npm run dev` runs the API beside the dev server; the browser reaches it through this proxy.
  vite: process.env.DEV_API_URL
    ? { server: { proxy: { '/api': process.env.DEV_API_URL, '/media': process.env.DEV_API_URL } } }
    : {},
});

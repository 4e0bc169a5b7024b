import { fileURLToPath } from 'node:url';
import { defineConfig, presetWind4 } from 'unocss';

/**
 * The modules UnoCSS reads class names from while Vite builds them. Its default skips plain .ts files, so a class
 * written only in one (a status colour a page script sets, a class list a lib helper returns) never reached the CSS;
 * every .ts module of the site is read too. The server's modules never pass through the site's build.
 */
export const CLASS_SOURCES: readonly RegExp[] = [
  /\.(vue|svelte|[jt]sx|mdx?|astro|html)($|\?)/,
  /^(?!.*[\\/]node_modules[\\/]).*[\\/]src[\\/](?!server[\\/])[^?]*\.ts($|\?)/,
];

/**
 * Files read from disk whatever the build renders: client:only islands and the modules only they import are never
 * rendered while the pages' CSS is made. The Astro integration adds src/components itself, but a `content` here
 * replaces the integration's, so it is listed again, with the lib modules islands import.
 */
export const CLASS_FILES: readonly string[] = [
  fileURLToPath(new URL('./src/components/**/*', import.meta.url)),
  fileURLToPath(new URL('./src/lib/**/*.ts', import.meta.url)),
];

// Brand colours, radii and blurs come from CSS custom properties set by BaseLayout from the company settings.
export default defineConfig({
  presets: [presetWind4({ preflights: { theme: true } })],
  content: { pipeline: { include: [...CLASS_SOURCES] }, filesystem: [...CLASS_FILES] },
  theme: {
    colors: {
      primary: 'var(--color-primary)',
      secondary: 'var(--color-secondary)',
    },
  },
});

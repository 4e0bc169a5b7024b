import type { APIContext } from 'astro';

export function GET(context: APIContext) {
  const sitemap = new URL('/sitemap-index.xml', context.site ?? 'http://localhost:4321').href;
  return new Response(
    `User-agent: *\nDisallow: /admin\nDisallow: /admin-dashboard\nDisallow: /preview\nAllow: /\n\nSitemap: ${sitemap}\n`,
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
}

// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { type Kysely, sql } from 'kysely';

/**
 * Page titles and descriptions name the company through a {company} placeholder, filled in with its current name when
 * the site is built, so a rename reaches every title. A site still showing the demo's own texts gets the demo's new
 * ones: [column, the demo's text before, the same with the placeholder]. Texts a company wrote itself stay as they are.
 */
const DEMO_TEXTS: [string, string, string][] = [
  [
    'seo_home_title',
    'Northwind Studio — Thoughtful design for everyday life',
    '{company} · Thoughtful design for everyday life',
  ],
  ['seo_login_title', 'Sign in — Northwind Studio', 'Sign in · {company}'],
  [
    'seo_login_description',
    'Sign in to your Northwind Studio account to track orders and save favourites.',
    'Sign in to your {company} account to track orders and save favourites.',
  ],
  ['seo_register_title', 'Create an account — Northwind Studio', 'Create an account · {company}'],
  [
    'seo_register_description',
    'Join Northwind Studio for early access to new collections and event tickets.',
    'Join {company} for early access to new collections and event tickets.',
  ],
  ['seo_profile_title', 'Your profile — Northwind Studio', 'Your profile · {company}'],
  [
    'seo_profile_description',
    'Manage your Northwind Studio profile and preferences.',
    'Manage your {company} profile and preferences.',
  ],
  ['seo_shop_title', 'Shop — Northwind Studio', 'Shop · {company}'],
  ['seo_blogs_title', 'Journal — Northwind Studio', 'Journal · {company}'],
  ['seo_photos_title', 'Photo gallery — Northwind Studio', 'Photo gallery · {company}'],
  ['seo_videos_title', 'Videos — Northwind Studio', 'Videos · {company}'],
  ['seo_audio_title', 'Audio library — Northwind Studio', 'Audio library · {company}'],
  ['seo_events_title', 'Events — Northwind Studio', 'Events · {company}'],
  ['seo_notfound_title', 'Page not found — Northwind Studio', 'Page not found · {company}'],
  ['seo_contact_title', 'Contact — Northwind Studio', 'Contact · {company}'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, before, after] of DEMO_TEXTS)
    await sql`UPDATE company_settings SET ${sql.ref(column)} = ${after} WHERE ${sql.ref(column)} = ${before}`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [column, before, after] of DEMO_TEXTS)
    await sql`UPDATE company_settings SET ${sql.ref(column)} = ${before} WHERE ${sql.ref(column)} = ${after}`.execute(
      db,
    );
}

/**
 * The migrations of 2026-11-30 on a database with rows of the version before them: the demo's page titles get the
 * {company} placeholder (a company's own texts stay), a dark logo an admin uploaded is marked as the company's own, and
 * one-time codes lose the count of other browsers' guesses (codes of no browser go).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';

let db: Db;
const at = '2026-11-29T10:00:00.000Z';
const later = '2099-01-01T00:00:00.000Z';

beforeAll(async () => {
  const opened = await databaseAtMigration('2026_11_29_1700_otp_requester');
  db = opened.db;
  // Rows as the earlier version wrote them (raw SQL: the dropped column is not in today's types).
  await sql`INSERT INTO company_settings (id, public_id, name, seo_shop_title, seo_home_title, seo_login_description, seo_blogs_title, logo_dark, updated_at)
    VALUES (1, 'c1', 'Bakery Bloom', ${'Shop — Northwind Studio'}, ${'Northwind Studio — Thoughtful design for everyday life'},
      ${'Sign in to your Northwind Studio account to track orders and save favourites.'}, ${'Our bread — Bakery Bloom'}, '/media/own-dark.png', ${at})`.execute(
    db,
  );
  await sql`INSERT INTO users (id, first_name, last_name, email, username, username_key, password_hash, created_at, updated_at)
    VALUES ('u1', 'Olive', 'Owner', 'owner@example.com', 'owner', 'owner', 'x', ${at}, ${at})`.execute(db);
  await sql`INSERT INTO one_time_codes (id, user_id, purpose, code_hash, attempts, foreign_attempts, requester_hash, created_at, expires_at)
    VALUES ('kept', 'u1', 'sign_in', 'h1', 2, 3, 'browser-a', ${at}, ${later}),
           ('of-no-browser', 'u1', 'sign_in', 'h2', 0, 0, NULL, ${at}, ${later})`.execute(db);
  // An admin uploaded this dark logo (pictures come first in the audit line, so it is never cut off).
  await sql`INSERT INTO audit_log (id, at, actor_id, actor_name, action, target_type, summary)
    VALUES ('a1', ${at}, 'u1', 'Olive', 'company.update', 'company', 'Company settings updated: logo_dark, name')`.execute(
    db,
  );
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

describe('migration 2026_11_30_1000 (the company name in titles as a placeholder)', () => {
  it("gives the demo's own titles and descriptions the placeholder and keeps the company's own texts", async () => {
    const row = await db
      .selectFrom('company_settings')
      .select(['seo_shop_title', 'seo_home_title', 'seo_login_description', 'seo_blogs_title'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      seo_shop_title: 'Shop · {company}',
      seo_home_title: '{company} · Thoughtful design for everyday life',
      seo_login_description: 'Sign in to your {company} account to track orders and save favourites.',
      seo_blogs_title: 'Our bread — Bakery Bloom',
    });
  });
});

describe("migration 2026_11_30_1100 (whether the dark logo is the company's own)", () => {
  it("marks a dark logo the audit log shows an admin uploading as the company's own", async () => {
    const row = await db
      .selectFrom('company_settings')
      .select(['logo_dark', 'logo_dark_own'])
      .executeTakeFirstOrThrow();
    expect(row.logo_dark).toBe('/media/own-dark.png');
    expect(Boolean(row.logo_dark_own)).toBe(true);
  });
});

describe('migration 2026_11_30_0900 (a code works only in its own browser)', () => {
  it('drops the count of guesses from other browsers and the codes of no browser', async () => {
    const codes = await db.selectFrom('one_time_codes').selectAll().execute();
    expect(codes.map((code) => code.id)).toEqual(['kept']);
    expect(codes[0]).toMatchObject({ attempts: 2, requester_hash: 'browser-a' });
    expect(codes[0]).not.toHaveProperty('foreign_attempts');
  });
});

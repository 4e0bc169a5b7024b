import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY } from '../../src/shared/company.ts';
import { storeMedia, storePicture } from '../../src/server/media/media-store.ts';
import { claimMedia } from '../../src/server/media/pending-media.ts';
import { VARIANT_WIDTHS, variantName } from '../../src/shared/image-variants.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

describe('the API on a fresh DATA_DIR', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the SQLite database in DATA_DIR with the durability pragmas (on PostgreSQL: its tables there, no file)', async () => {
    if (onPostgres) {
      const { rows } = await sql<{
        name: string;
      }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(t.db);
      expect(rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['company_settings', 'users', 'sessions', 'search_index', 'kysely_migration']),
      );
      expect(existsSync(join(t.dataDir, 'site.db'))).toBe(false);
      return;
    }
    expect(existsSync(join(t.dataDir, 'site.db'))).toBe(true);
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(t.db)).rows[0] as Record<string, unknown>)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(0); // the 5 s lock wait is asynchronous (db-locked.test.ts)
    expect(await pragma('synchronous')).toBe(2);
    expect(existsSync(join(t.dataDir, 'site.db-wal'))).toBe(true);
  });

  it('answers health with ok true', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answers the company with the section 9 defaults when nothing is set', async () => {
    const res = await t.request('/api/company');
    expect(res.status).toBe(200);
    const company = (await res.json()) as Record<string, unknown>;
    expect(company).toMatchObject({
      name: 'Brand',
      tagline: 'Welcome to our platform',
      logo: '/logo.png',
      primary_color: '#0091ea',
      secondary_color: '#FF5722',
      primary_opacity: 0.3,
      secondary_opacity: 0.3,
      primary_blur: 12,
      secondary_blur: 8,
      header_radius: 10,
      button_radius: 6,
      button_blur: 8,
      button_opacity: 0.8,
      font: 'Inter',
      social: { facebook: '', instagram: '', twitter: '', linkedin: '' },
    });
    expect(Object.keys(company).sort()).toEqual(Object.keys(DEFAULT_COMPANY).sort());
    expect(company).toHaveProperty('seo_contact_title');
    expect(company).toHaveProperty('seo_notfound_description');
  });

  it('creates the first admin once with the configured email', async () => {
    const admins = await t.db
      .selectFrom('users')
      .select(['email', 'role', 'password_hash'])
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('admin@example.com');
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a bad query with 400 and a message naming the field', async () => {
    const res = await t.request('/api/recommendations/personalized?limit=lots');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message?: string };
    expect(body.message).toBe('Limit must be a number.');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it('answers an out-of-range page size with 400', async () => {
    const res = await t.request('/api/recommendations/personalized?limit=4&offset=-1');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message?: string }).message).toMatch(/^Offset /);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.request('/api/health', {
      method: 'POST',
      body: 'x'.repeat(200 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message?: string }).message).toBeTruthy();
  });

  it('serves no media that was not stored', async () => {
    const res = await t.request('/media/..%2Fsite.db');
    expect(res.status).toBe(404);
    const other = await t.request('/media/00000000-0000-0000-0000-000000000000.webp');
    expect(other.status).toBe(404);
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.request('/api/company');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the API of a site served over HTTPS', () => {
  it('asks browsers for HTTPS for a year on every answer, the in-memory company one included', async () => {
    const t = await createTestApp({ seed: 'none', env: { SITE_URL: 'https://shop.example' } });
    try {
      for (const path of ['/api/company', '/api/health', '/api/nope']) {
        expect((await t.request(path)).headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await t.close();
    }
  });
});

describe('a second start on the same DATA_DIR', () => {
  it('keeps the data and applies no migration twice', async () => {
    const first = await createTestApp({ seed: 'none' });
    expect(first.logs.some((l) => l.startsWith('migrations applied'))).toBe(true);
    await first.db.updateTable('users').set({ first_name: 'Kept' }).where('role', '=', 'admin').execute();
    await first.close(true);

    const second = await createTestApp({ seed: 'none', dataDir: first.dataDir });
    try {
      expect(second.logs.some((l) => l.startsWith('migrations applied'))).toBe(false);
      expect(second.logs.some((l) => l.startsWith('first admin created'))).toBe(false);
      const admin = await second.db.selectFrom('users').select('first_name').where('role', '=', 'admin').execute();
      expect(admin).toEqual([{ first_name: 'Kept' }]);
      const res = await second.request('/api/health');
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('media left behind by a crash', () => {
  it('is swept at start while stored media stays', async () => {
    const first = await createTestApp({ seed: 'none' });
    const stored = await storeMedia(first.db, first.dataDir, new Uint8Array([1, 2, 3]), 'image/png');
    // In use, as the record naming it would mark it (pending-media.ts).
    await claimMedia(first.db, stored.url);
    await first.close(true);
    const dir = join(first.dataDir, 'media');
    writeFileSync(join(dir, '.half-written.png.tmp'), 'x');
    writeFileSync(join(dir, '11111111-1111-1111-1111-111111111111.png'), 'x');

    const second = await createTestApp({ seed: 'none', dataDir: first.dataDir });
    try {
      expect(second.logs).toContain('removed 2 orphaned media file(s)');
      expect(readdirSync(dir)).toEqual([stored.fileName]);
      const res = await second.request(stored.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    } finally {
      await second.close();
    }
  });
});

describe('pictures stored before a variant width existed', () => {
  it('get the missing variants at start, and a picture whose file is gone is skipped', async () => {
    const first = await createTestApp({ seed: 'none' });
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const kept = await storePicture(first.db, first.dataDir, picture);
    const lost = await storePicture(first.db, first.dataDir, picture);
    await claimMedia(first.db, kept.url, lost.url);
    // As if stored before 720 joined VARIANT_WIDTHS, and a picture whose file was deleted by hand.
    const old = variantName(kept.fileName, 720);
    await first.db
      .deleteFrom('media')
      .where('file_name', 'in', [old, variantName(lost.fileName, 720)])
      .execute();
    await first.close(true);
    const dir = join(first.dataDir, 'media');
    rmSync(join(dir, lost.fileName));

    const second = await createTestApp({ seed: 'none', dataDir: first.dataDir });
    try {
      expect(second.logs).toContain('wrote 1 missing picture variant(s)');
      const row = await second.db
        .selectFrom('media')
        .selectAll()
        .where('file_name', '=', old)
        .executeTakeFirstOrThrow();
      expect([row.content_type, row.width, row.height]).toEqual(['image/avif', 720, 480]);
      expect(row.bytes).toBe(statSync(join(dir, old)).size);
      const res = await second.request(`/media/${old}`);
      expect(res.status).toBe(200);
      expect((await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).width).toBe(720);
      for (const width of VARIANT_WIDTHS)
        expect(existsSync(join(dir, variantName(kept.fileName, width))), `${width}`).toBe(true);
    } finally {
      await second.close(true);
    }
    // Nothing left to write on the next start.
    const third = await createTestApp({ seed: 'none', dataDir: first.dataDir });
    try {
      expect(third.logs.some((l) => l.includes('missing picture variant'))).toBe(false);
    } finally {
      await third.close();
    }
  });
});

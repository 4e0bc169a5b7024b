/**
 * Pending media: a file is stored before the record naming it, so a kill between the two, or
 * between the commit that drops a reference and the file's release, would leave a file nothing uses. The record's
 * transaction claims (or unclaims) the file; the next start removes what is still pending and named by no record,
 * and claims back what a record does name. Both databases (TEST_POSTGRES_URL), the real app and DATA_DIR.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaDir, storePicture } from '../../src/server/media/media-store.ts';
import { sweepPendingMedia, unclaimMedia } from '../../src/server/media/pending-media.ts';
import { dropItemRevisions } from '../../src/server/modules/revisions/keep-revision.ts';
import { VARIANT_WIDTHS, variantName } from '../../src/shared/image-variants.ts';
import type { Slider } from '../../src/shared/types.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const SWEPT_LOG = /^removed (\d+) stored file\(s\) whose record was never written$/;

const picture = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

/** An app with the company row sliders need, and the admin signed in. */
async function app(dataDir?: string): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(dataDir ? { dataDir } : {});
  if (!dataDir)
    await t.db
      .insertInto('company_settings')
      .values({ id: 1, public_id: randomUUID(), name: 'Northwind', updated_at: new Date().toISOString() })
      .execute();
  return { t, admin: await t.login('admin', TEST_ADMIN_PASSWORD) };
}

async function saveSlider(
  t: TestApp,
  admin: string,
  path: string,
  method: 'POST' | 'PUT',
  background: string,
): Promise<Slider> {
  const body = new FormData();
  body.append('title', `Slide ${background}`);
  body.append('image', new Blob([new Uint8Array(await picture(background))], { type: 'image/png' }), 'slide.png');
  const res = await t.request(path, { method, headers: { authorization: `Bearer ${admin}` }, body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { slider: Slider }).slider;
}

const pendingOf = async (t: TestApp, url: string) =>
  (
    await t.db
      .selectFrom('media')
      .select('pending_since')
      .where('file_name', '=', url.replace('/media/', ''))
      .executeTakeFirst()
  )?.pending_since;

/** The picture's files (itself and every variant) in the media store, and its rows. */
async function filesAndRows(t: TestApp, fileName: string): Promise<{ files: number; rows: number }> {
  const names = [fileName, ...VARIANT_WIDTHS.map((w) => variantName(fileName, w))];
  const files = names.filter((name) => existsSync(join(mediaDir(t.dataDir), name))).length;
  const rows = (await t.db.selectFrom('media').select('id').where('file_name', 'in', names).execute()).length;
  return { files, rows };
}

const sweptCount = (logs: string[]) => Number(logs.map((l) => SWEPT_LOG.exec(l)?.[1]).find(Boolean) ?? 0);

describe('pending media', () => {
  it("a record's write claims its picture, and a replaced picture leaves with its variants once nothing names it", async () => {
    const { t, admin } = await app();
    try {
      const created = await saveSlider(t, admin, '/api/sliders', 'POST', '#336699');
      expect(await pendingOf(t, created.image)).toBeNull();
      const old = created.image.replace('/media/', '');
      const updated = await saveSlider(t, admin, `/api/sliders/${created._id}`, 'PUT', '#993366');
      expect(updated.image).not.toBe(created.image);
      expect(await pendingOf(t, updated.image)).toBeNull();
      // The slide's first version still names the old picture; it leaves with the slide.
      expect((await filesAndRows(t, old)).files).toBeGreaterThan(0);
      const deleted = await t.request(`/api/sliders/${created._id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(deleted.status).toBe(200);
      expect(await filesAndRows(t, old)).toEqual({ files: 0, rows: 0 });
    } finally {
      await t.close();
    }
  });

  it("a kill between a picture's store and its record's insert: the next start removes the picture and its variants", async () => {
    const { t: first } = await app();
    // What a request killed after storing its picture leaves: the files and rows, pending, and no record.
    const stored = await storePicture(first.db, first.dataDir, await picture('#225577'));
    expect(await pendingOf(first, stored.url)).toEqual(expect.any(Number));
    expect(await filesAndRows(first, stored.fileName)).toEqual({
      files: 1 + VARIANT_WIDTHS.length,
      rows: 1 + VARIANT_WIDTHS.length,
    });
    await first.close(true);

    const { t: second } = await app(first.dataDir);
    try {
      expect(sweptCount(second.logs)).toBe(1);
      expect(await filesAndRows(second, stored.fileName)).toEqual({ files: 0, rows: 0 });
      expect((await second.request(stored.url)).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('a kill between the commit that dropped a reference and the release: the next start removes the old picture', async () => {
    const { t: first, admin } = await app();
    const slider = await saveSlider(first, admin, '/api/sliders', 'POST', '#557722');
    // What the delete's transaction committed before the kill: the row and its versions gone and its picture
    // unclaimed, no release yet.
    await first.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sliders').where('id', '=', slider._id).execute();
      await unclaimMedia(trx, slider.image);
      await dropItemRevisions(trx, 'slider', slider._id);
    });
    await first.close(true);

    const { t: second } = await app(first.dataDir);
    try {
      expect(sweptCount(second.logs)).toBe(1);
      expect(await filesAndRows(second, slider.image.replace('/media/', ''))).toEqual({ files: 0, rows: 0 });
    } finally {
      await second.close();
    }
  });

  it('a pending picture a record names is kept and claimed back, never removed', async () => {
    const { t: first } = await app();
    const stored = await storePicture(first.db, first.dataDir, await picture('#772255'));
    // A record naming it whose claim was lost (written by hand here): the sweep must see the reference.
    const now = new Date().toISOString();
    await first.db
      .insertInto('team_members')
      .values({
        id: randomUUID(),
        name: 'Ada',
        role: 'Founder',
        photo: stored.url,
        sort_order: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Another pending picture replaced on a record that still names it elsewhere: unclaimed, yet in use.
    const shared = await saveSlider(
      first,
      await first.login('admin', TEST_ADMIN_PASSWORD),
      '/api/sliders',
      'POST',
      '#227755',
    );
    await unclaimMedia(first.db, shared.image);
    await first.close(true);

    const { t: second } = await app(first.dataDir);
    try {
      expect(sweptCount(second.logs)).toBe(0);
      expect(await filesAndRows(second, stored.fileName)).toEqual({
        files: 1 + VARIANT_WIDTHS.length,
        rows: 1 + VARIANT_WIDTHS.length,
      });
      expect(await pendingOf(second, stored.url)).toBeNull();
      expect(await pendingOf(second, shared.image)).toBeNull();
      expect((await second.request(stored.url)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps pending files younger than the grace (shared storage: another instance may be between store and record)', async () => {
    const { t } = await app();
    try {
      const stored = await storePicture(t.db, t.dataDir, await picture('#555555'));
      expect(await sweepPendingMedia(t.db, t.dataDir, { minAgeMs: 60_000 })).toBe(0);
      expect(await filesAndRows(t, stored.fileName)).toEqual({
        files: 1 + VARIANT_WIDTHS.length,
        rows: 1 + VARIANT_WIDTHS.length,
      });
      expect(await sweepPendingMedia(t.db, t.dataDir, { minAgeMs: 0 })).toBe(1);
      expect(await filesAndRows(t, stored.fileName)).toEqual({ files: 0, rows: 0 });
    } finally {
      await t.close();
    }
  });
});

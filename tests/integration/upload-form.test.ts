/**
 * Uploads through the real app (PUT /api/company's logo, one of the upload routes): what reaches DATA_DIR/media is a
 * clean picture under a server-made name; anything refused leaves no file, no media row and the company unchanged
 * (security.md R38-R44).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadBodyMax } from '../../src/server/http/upload-form.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../src/server/media/media-release.ts';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { MAX_UPLOAD_BYTES, storeCheckedPicture } from '../../src/server/media/upload-check.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();

function form(parts: Record<string, string | Blob | [Blob, string]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (Array.isArray(value)) body.append(name, value[0], value[1]);
    else body.append(name, value);
  }
  return body;
}

const put = (body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  t.request('/api/company', {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

async function mediaFiles(): Promise<string[]> {
  return (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
}
async function mediaRows(): Promise<number> {
  return (await t.db.selectFrom('media').select('id').execute()).length;
}
async function companyLogo(): Promise<string> {
  return ((await (await t.request('/api/company')).json()) as { logo: string }).logo;
}

/** Sends a refused upload and checks that nothing at all changed. */
async function refused(body: FormData, status: number, message: string | RegExp, field?: string) {
  const [files, rows, logo] = [await mediaFiles(), await mediaRows(), await companyLogo()];
  const res = await put(body);
  expect(res.status).toBe(status);
  const answer = (await res.json()) as { message: string; field?: string };
  expect(answer.message).toMatch(message);
  if (field) expect(answer.field).toBe(field);
  expect(await mediaFiles()).toEqual(files);
  expect(await mediaRows()).toBe(rows);
  expect(await companyLogo()).toBe(logo);
}

describe('upload routes', () => {
  it('refuses 5 MiB + 1 byte with 413 and stores nothing', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    (await jpeg()).copy(big);
    await refused(
      form({ logo: [new Blob([big], { type: 'image/jpeg' }), 'big.jpg'] }),
      413,
      'File size must be less than 5MB',
      'logo',
    );
  });

  it('refuses a body over the route limit before reading it whole, with or without Content-Length', async () => {
    // Three slots: the limit is 3 × (5 MiB + 64 KiB) + 64 KiB.
    const max = uploadBodyMax(3);
    const announced = await put(form({ name: 'x' }), {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(max + 1),
    });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ message: 'File size must be less than 5MB' });

    // An endless stream: the answer comes once the limit is passed, not after the whole body.
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await put(endless, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(max + 4 * chunk.byteLength);
  });

  it('keeps the 100 KiB JSON limit on the same route', async () => {
    const res = await t.request('/api/company', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('refuses a text file named .png with 415', async () => {
    await refused(
      form({ logo: [new Blob(['just some text, not a picture'], { type: 'image/png' }), 'logo.png'] }),
      415,
      'Only JPEG, PNG, GIF, and WEBP files are allowed',
      'logo',
    );
  });

  it('refuses an SVG with 415, whatever it is called', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await refused(
      form({ logo: [new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg'] }),
      415,
      'Only JPEG, PNG, GIF, and WEBP files are allowed',
      'logo',
    );
    await refused(
      form({ icon: [new Blob([svg], { type: 'image/png' }), 'icon.png'] }),
      415,
      'Only JPEG, PNG, GIF, and WEBP files are allowed',
      'icon',
    );
  });

  it('refuses zero bytes with 400', async () => {
    await refused(form({ logo: [new Blob([], { type: 'image/png' }), 'empty.png'] }), 400, 'The file is empty', 'logo');
  });

  it('refuses a file under a field that takes none, and a type the name contradicts', async () => {
    await refused(
      form({ name: 'x', hero_image: [new Blob([await jpeg()], { type: 'image/jpeg' }), 'a.jpg'] }),
      400,
      /hero_image/,
      'hero_image',
    );
    await refused(
      form({ logo: [new Blob([await jpeg()], { type: 'image/jpeg' }), 'a.png'] }),
      415,
      /does not match/,
      'logo',
    );
  });

  it('stores a JPEG with HTML after it as a clean picture under a server-made name, never the client name', async () => {
    const polyglot = Buffer.concat([await jpeg(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const before = new Set(await mediaFiles());
    const res = await put(form({ logo: [new Blob([polyglot], { type: 'image/jpeg' }), '../../etc/passwd.jpg'] }));
    expect(res.status).toBe(200);
    const { company } = (await res.json()) as { company: { logo: string } };
    expect(company.logo).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const added = (await mediaFiles()).filter((name) => !before.has(name));
    expect(added.length).toBeGreaterThan(1);
    for (const name of added) {
      expect(name).toMatch(/^[0-9a-f-]{36}(-w\d+)?\.(webp|avif)$/);
      expect(name).not.toMatch(/passwd|etc/);
      const bytes = await readFile(join(mediaDir(t.dataDir), name));
      expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
      expect(bytes.includes(Buffer.from('<html>'))).toBe(false);
    }
    const served = await t.request(company.logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('takes a hostile file name only for its extension', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    for (const name of ['../../etc/passwd.png', '..\\..\\..\\windows\\x.png', '/etc/passwd.png']) {
      const before = new Set(await mediaFiles());
      const res = await put(form({ icon: [new Blob([png], { type: 'image/png' }), name] }));
      expect(res.status).toBe(200);
      const { company } = (await res.json()) as { company: { icon: string } };
      expect(company.icon).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
      const added = (await mediaFiles()).filter((file) => !before.has(file));
      expect(added.every((file) => /^[0-9a-f-]{36}(-w\d+)?\.(webp|avif)$/.test(file))).toBe(true);
    }
    // Outside DATA_DIR/media nothing was written.
    expect((await readdir(t.dataDir)).filter((name) => /passwd|windows/.test(name))).toEqual([]);
  });

  it('answers 400 to a body that is no readable form', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=zzz']) {
      const res = await t.request('/api/company', {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': type },
        body: 'not a form at all',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Request body must be multipart form data' });
    }
  });

  it('lets multipart through only on the upload routes', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      body: form({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(415);
    const patch = await t.request('/api/company', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}` },
      body: form({ name: 'x' }),
    });
    expect(patch.status).toBe(415);
  });
});

describe('releaseMediaIfUnused', () => {
  /** A fresh JPEG stored as a photo, with its variants. */
  const storeJpeg = async () =>
    storeCheckedPicture(
      t.db,
      t.dataDir,
      { bytes: await jpeg(), declaredType: 'image/jpeg', fileName: 'a.jpg' },
      'photo',
    );

  it('removes an unused picture with all its variants, files and rows', async () => {
    const stored = await storeJpeg();
    const stem = stored.fileName.replace(/\.webp$/, '');
    expect((await mediaFiles()).filter((n) => n.startsWith(stem)).length).toBeGreaterThan(1);
    const removed = await releaseMediaIfUnused(t.db, t.dataDir, stored.url);
    expect(removed).toContain(stored.fileName);
    expect((await mediaFiles()).filter((n) => n.startsWith(stem))).toEqual([]);
    expect(await t.db.selectFrom('media').select('file_name').where('file_name', 'like', `${stem}%`).execute()).toEqual(
      [],
    );
  });

  it('keeps a picture a record still names', async () => {
    const stored = await storeJpeg();
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values({ id: randomUUID(), slug: 'uses-it', name: 'Uses it', image: stored.url, created_at: now })
      .execute();
    expect(await releaseMediaIfUnused(t.db, t.dataDir, stored.url)).toEqual([]);
    expect((await t.request(stored.url)).status).toBe(200);
  });

  it('leaves anything that is not a server-made /media/ name alone, and never goes outside DATA_DIR/media', async () => {
    const outside = join(t.dataDir, 'keep.webp');
    await writeFile(outside, 'x');
    await mkdir(join(t.dataDir, 'media'), { recursive: true });
    const before = await mediaFiles();
    for (const url of [
      '/logo.png',
      'https://example.com/media/x.webp',
      '/media/../keep.webp',
      '/media/..%2Fkeep.webp',
      '/media/',
      '',
      null,
      undefined,
      '/media/not-a-uuid.webp',
    ]) {
      expect(await releaseMediaIfUnused(t.db, t.dataDir, url)).toEqual([]);
    }
    expect(await readFile(outside, 'utf8')).toBe('x');
    expect(await mediaFiles()).toEqual(before);
  });
});

describe('writeNamingFile', () => {
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await jpeg();
  });
  const store = () =>
    storeCheckedPicture(t.db, t.dataDir, { bytes, declaredType: 'image/jpeg', fileName: 'a.jpg' }, 'photo');
  const named = async (url: string) => (await t.request(url)).status;

  it('releases the file stored for a write that fails, and the error goes on', async () => {
    const stored = await store();
    const failure = new Error('the write failed');
    await expect(writeNamingFile(t, stored.url, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(await named(stored.url)).toBe(404);
  });

  it('keeps the file a committed write names, and releases the one it dropped', async () => {
    const [old, next] = [await store(), await store()];
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values({ id, slug: `drop-${id}`, name: 'Drop', image: old.url, created_at: now })
      .execute();
    const result = await writeNamingFile(
      t,
      next.url,
      async () => {
        await t.db.updateTable('products').set({ image: next.url }).where('id', '=', id).execute();
        return { previous: old.url };
      },
      (written) => written.previous,
    );
    expect(result).toEqual({ previous: old.url });
    expect(await named(next.url)).toBe(200);
    expect(await named(old.url)).toBe(404);
  });

  it('never releases what the write still names, even when told it was dropped', async () => {
    const stored = await store();
    const id = randomUUID();
    await writeNamingFile(
      t,
      stored.url,
      () =>
        t.db
          .insertInto('products')
          .values({ id, slug: `keep-${id}`, name: 'Keep', image: stored.url, created_at: new Date().toISOString() })
          .execute(),
      () => stored.url,
    );
    expect(await named(stored.url)).toBe(200);
  });
});

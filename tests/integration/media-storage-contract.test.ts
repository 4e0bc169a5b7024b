/**
 * The storage contract, run against both implementations: local files in a temporary DATA_DIR and
 * a real S3-compatible server (s3rver, tests/helpers/s3-server.ts). put/get/head/delete/list, a missing object, an
 * overwrite, byte ranges, unsafe names, and media and documents kept apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createMediaStorage, type MediaStorage } from '../../src/server/media/storage/media-storage.ts';
import { readObject, type ObjectStore } from '../../src/server/media/storage/object-store.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';

let s3: S3TestServer;
let dataDir: string;
const kinds: Record<'local' | 's3', () => MediaStorage> = {
  local: () => createMediaStorage(parseEnv({ DATA_DIR: dataDir })),
  s3: () => createMediaStorage(parseEnv({ DATA_DIR: dataDir, ...s3.env, S3_PREFIX: 'contract/' })),
};

beforeAll(async () => {
  s3 = await startS3Server();
  return () => s3.stop();
});
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
  };
});

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (store: ObjectStore, name: string) => (await readObject(store, name))?.toString('utf8');
const streamText = async (body: ReadableStream<Uint8Array>) =>
  Buffer.concat(await Array.fromAsync(body)).toString('utf8');

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let storage: MediaStorage;
  let media: ObjectStore;
  beforeAll(() => {
    storage = kinds[kind]();
    media = storage.media;
  });

  it('says which kind it is', () => {
    expect(media.kind).toBe(kind);
    expect(storage.documents.kind).toBe(kind);
  });

  it('answers undefined for a missing object and deletes one without complaint', async () => {
    expect(await media.head(`missing-${kind}.webp`)).toBeUndefined();
    expect(await media.get(`missing-${kind}.webp`)).toBeUndefined();
    await expect(media.delete(`missing-${kind}.webp`)).resolves.toBeUndefined();
  });

  it('stores an object, reads it back whole and by range, and describes it', async () => {
    const before = Date.now();
    await media.put('hello.txt', bytes('hello, storage'), 'text/plain');
    expect(await text(media, 'hello.txt')).toBe('hello, storage');
    const head = await media.head('hello.txt');
    expect(head).toMatchObject({ name: 'hello.txt', size: 14, etag: expect.stringMatching(/^"[^"]+"$/) as unknown });
    assert(head);
    // Whole seconds on S3: the date is within a second or two of the write.
    expect(Math.abs(head.lastModified.getTime() - before)).toBeLessThan(5000);
    const part = await media.get('hello.txt', { start: 7, end: 13 });
    expect(part?.info).toMatchObject({ size: 14, etag: head.etag });
    assert(part);
    expect(await streamText(part.body)).toBe('storage');
  });

  it('replaces an object whole on a second put, with a new ETag', async () => {
    await media.put('replace.txt', bytes('first version'), 'text/plain');
    const first = await media.head('replace.txt');
    // A local ETag is made of size and modification time: a different size is a different ETag at once.
    await media.put('replace.txt', bytes('second, longer version'), 'text/plain');
    expect(await text(media, 'replace.txt')).toBe('second, longer version');
    const second = await media.head('replace.txt');
    expect(second?.size).toBe(22);
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('lists what it holds and forgets what it deleted', async () => {
    await media.put('listed-a.webp', bytes('a'), 'image/webp');
    await media.put('listed-b.webp', bytes('bb'), 'image/webp');
    const listed = await media.list();
    expect(listed.map((o) => o.name)).toEqual(expect.arrayContaining(['listed-a.webp', 'listed-b.webp', 'hello.txt']));
    const headB = await media.head('listed-b.webp');
    assert(headB, 'listed-b.webp is there');
    expect(listed.find((o) => o.name === 'listed-b.webp')).toMatchObject({ size: 2, etag: headB.etag });
    await media.delete('listed-a.webp');
    expect(await media.head('listed-a.webp')).toBeUndefined();
    expect((await media.list()).map((o) => o.name)).not.toContain('listed-a.webp');
  });

  it('keeps media and documents apart', async () => {
    await storage.documents.put('private.pdf', bytes('%PDF-1.4 secret'), 'application/pdf');
    expect(await media.head('private.pdf')).toBeUndefined();
    expect((await media.list()).map((o) => o.name)).not.toContain('private.pdf');
    expect(await text(storage.documents, 'private.pdf')).toBe('%PDF-1.4 secret');
    expect((await storage.documents.list()).map((o) => o.name)).toEqual(['private.pdf']);
  });

  it('refuses names that could leave its namespace, touching nothing', async () => {
    const before = (await media.list()).map((o) => o.name).sort();
    for (const name of ['../documents/private.pdf', 'a/b.webp', '..', '']) {
      await expect(media.put(name, bytes('x'), 'text/plain')).rejects.toThrow(/Not a storable object name/);
      await expect(media.get(name)).rejects.toThrow(/Not a storable object name/);
      await expect(media.delete(name)).rejects.toThrow(/Not a storable object name/);
    }
    expect((await media.list()).map((o) => o.name).sort()).toEqual(before);
    expect(await text(storage.documents, 'private.pdf')).toBe('%PDF-1.4 secret');
  });
});

describe('local layout', () => {
  it('keeps the paths and modes of before: DATA_DIR/media 0644, DATA_DIR/documents 0600, no temp files left', async () => {
    const storage = kinds.local();
    await storage.media.put('mode.webp', bytes('m'), 'image/webp');
    await storage.documents.put('mode.pdf', bytes('d'), 'application/pdf');
    expect((await stat(join(dataDir, 'media', 'mode.webp'))).mode & 0o777).toBe(0o644);
    expect((await stat(join(dataDir, 'documents', 'mode.pdf'))).mode & 0o777).toBe(0o600);
    expect((await readdir(join(dataDir, 'media'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('S3 layout', () => {
  it('stores under <S3_PREFIX>media/ and <S3_PREFIX>documents/ with the content type, and lists only flat names', async () => {
    const storage = kinds.s3();
    await storage.media.put('typed.webp', bytes('w'), 'image/webp');
    const keys = (
      await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'contract/' }))
    ).Contents?.map((o) => o.Key);
    expect(keys).toEqual(expect.arrayContaining(['contract/media/typed.webp', 'contract/documents/private.pdf']));
    // A key deeper down is not one this store made, so it is neither listed nor swept.
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'contract/media/nested/deep.webp', Body: 'x' }),
    );
    expect((await storage.media.list()).map((o) => o.name)).not.toContain('nested/deep.webp');
    expect((await storage.media.list()).some((o) => o.name.includes('/'))).toBe(false);
  });

  it('names the bucket when it is missing, instead of taking it for an empty store', async () => {
    const missing = createMediaStorage(parseEnv({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    await expect(missing.media.list()).rejects.toThrow(/S3 s3:\/\/no-such-bucket\/media\/: .*bucket/i);
    await expect(missing.media.get('x.webp')).rejects.toThrow(/no-such-bucket/);
    await expect(missing.media.put('x.webp', bytes('x'), 'image/webp')).rejects.toThrow(/no-such-bucket/);
  });

  it('shares nothing with another prefix in the same bucket', async () => {
    const other = createMediaStorage(parseEnv({ DATA_DIR: dataDir, ...s3.env, S3_PREFIX: 'other-site' }));
    expect(await other.media.list()).toEqual([]);
    expect(await other.media.head('typed.webp')).toBeUndefined();
  });
});

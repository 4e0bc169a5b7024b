/**
 * Audit findings 4 and 9 on the real server (a listener on a temporary DATA_DIR): a picture's pixels are checked
 * against its purpose's cap from the header, before anything is decoded; decoding and encoding go through one bounded
 * queue, so a burst of heavy uploads is queued or refused with 503 and Retry-After while reads keep being answered.
 * The picture is the audit's: a flat 6000 x 6000 PNG, tens of KB, 36 megapixels.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_RETRY_AFTER_SECONDS, pictureQueue } from '../../src/server/media/picture-queue.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The queue is the process's, made on first use: from these when this file is the first to upload, else (test files
// share their worker) from the machine's cores. The burst below is sized from the queue as it is.
process.env['PICTURE_ENCODE_CONCURRENCY'] = '1';
process.env['PICTURE_ENCODE_QUEUE'] = '2';
/** Uploads beyond what the queue holds: all of them are refused at once. */
const OVERFLOW = 17;

let server: TestServer;
let admin: string;
let customer: string;
let bomb: Buffer;

interface Answer {
  status: number;
  body: { message?: string; field?: string; photo?: { image: string } };
  headers: Headers;
  ms: number;
}

async function call(method: string, path: string, token?: string, body?: BodyInit): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(server.url + path, {
    method,
    headers: {
      Origin: server.url,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body === undefined ? {} : { body }),
  });
  const parsed = (await res.json().catch(() => ({}))) as Answer['body'];
  return { status: res.status, body: parsed, headers: res.headers, ms: performance.now() - started };
}

const pictureForm = (field: string, bytes: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'big.png');
  return form;
};
const uploadPhoto = (title: string) =>
  call('POST', '/api/admin/photos/upload', admin, pictureForm('photo', bomb, { title, category: 'Abstract' }));
const uploadProfile = (bytes: Buffer) =>
  call('POST', '/api/account/profile-image', customer, pictureForm('image', bytes));
const signIn = async (username: string, password: string) => {
  const answer = await call('POST', '/api/auth/login', undefined, JSON.stringify({ username, password }));
  if (answer.status !== 200) throw new Error(`login as ${username} answered ${answer.status}`);
  return (answer.body as { token: string }).token;
};

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
  admin = await signIn('admin', TEST_ADMIN_PASSWORD);
  const register = await call(
    'POST',
    '/api/auth/register',
    undefined,
    JSON.stringify({
      first_name: 'Cora',
      last_name: 'Customer',
      email: 'cora@example.com',
      username: 'cora',
      password: 'harbour lantern evening tide',
    }),
  );
  expect(register.status).toBe(201);
  await server.db.updateTable('users').set({ email_verified: true }).where('username', '=', 'cora').execute();
  customer = await signIn('cora', 'harbour lantern evening tide');
  bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#336699' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);
afterAll(() => server.stop(true));

describe('pixel caps per purpose', () => {
  it('refuses a 6000 x 6000 PNG as a profile picture with 413 naming the cap, from its header, before decoding', async () => {
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const answer = await uploadProfile(bomb);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'The image has too many pixels (at most 16 megapixels)', field: 'image' });
    // Decoding it takes seconds of CPU; reading its header, a few milliseconds.
    expect(answer.ms).toBeLessThan(1000);
    expect(pictureQueue().running + pictureQueue().waiting).toBe(0);
    // A profile picture within the cap is stored as before.
    const small = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    expect((await uploadProfile(small)).status).toBe(200);
  });

  it('still accepts the same picture as a photo (40 megapixels allowed)', async () => {
    const answer = await uploadPhoto('Large flat photo');
    expect(answer.status).toBe(201);
    expect(answer.body.photo?.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
  }, 60_000);
});

describe('the picture queue under a burst', () => {
  it('keeps answering reads while a burst of heavy uploads arrives at once, and refuses those beyond the queue with 503 and Retry-After', async () => {
    const { concurrency, maxWaiting } = pictureQueue();
    const reads: Answer[] = [];
    const state = { uploading: true };
    const reader = (async () => {
      while (state.uploading) {
        reads.push(await call('GET', '/api/health'), await call('GET', '/api/company'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const burst = concurrency + maxWaiting + OVERFLOW;
    const uploads = await Promise.all(Array.from({ length: burst }, (_, i) => uploadPhoto(`Burst ${i}`)));
    state.uploading = false;
    await reader;

    const stored = uploads.filter((u) => u.status === 201);
    const refused = uploads.filter((u) => u.status === 503);
    // Those encoding and those waiting are stored, the others refused at once.
    expect(stored.length + refused.length).toBe(burst);
    expect(stored).toHaveLength(concurrency + maxWaiting);
    expect(refused).toHaveLength(OVERFLOW);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe(String(PICTURE_RETRY_AFTER_SECONDS));
      expect(answer.body.message).toMatch(/busy/);
      expect(answer.body.field).toBeUndefined();
    }
    // Reads never waited behind the pictures (the budget itself is `npm run bench`'s).
    expect(reads.length).toBeGreaterThan(4);
    for (const read of reads) expect(read.status).toBe(200);
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(2000);
    expect(pictureQueue().running + pictureQueue().waiting).toBe(0);
  }, 120_000);
});

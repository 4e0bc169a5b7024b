/**
 * Sends fuzz requests to the real app in-process and judges each answer: never a 5xx, a JSON
 * `{ message }` with every 4xx (and Retry-After with a 429), no stack, SQL or server path in any answer, nothing set on
 * Object.prototype, and for every request not answered 2xx the whole database and media directory unchanged.
 */
import { appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { TEST_ADMIN_PASSWORD, type TestApp } from './test-app.ts';
import { fillPath, type Route } from './fuzz-model.ts';
import type { Caller, FileContent, FuzzBody, FuzzRequest } from './fuzz-requests.ts';
import { snapshotDiff, snapshotter, type Snapshot, type SnapshotExclusions } from './fuzz-snapshot.ts';
import { POLLUTION_MARK } from './fuzz-values.ts';

/** Real pictures of each kind the upload check knows, made once. */
export type Pictures = Record<'png' | 'jpeg' | 'webp' | 'gif', Uint8Array>;

export async function makePictures(): Promise<Pictures> {
  const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } });
  const [png, jpeg, webp, gif] = await Promise.all([
    base().png().toBuffer(),
    base().jpeg().toBuffer(),
    base().webp().toBuffer(),
    base().gif().toBuffer(),
  ]);
  return { png, jpeg, webp, gif };
}

const MAGIC: Record<string, string> = {
  pdf: '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  html: '<!doctype html><script>alert(1)</script>',
  exe: 'MZ\x90\x00\x03\x00\x00\x00PE\x00\x00',
  polyglot: 'GIF89a/*\x00\x00*/=1;alert(1)//<script>alert(1)</script>',
  mp3: 'ID3\x03\x00\x00\x00\x00\x00\x00garbage',
  zip: 'PK\x03\x04\x14\x00\x00\x00',
  empty: '',
  'riff-not-webp': 'RIFF\x10\x00\x00\x00WAVEfmt ',
};

/** Deterministic bytes (a fixed linear congruential sequence): "random" content that replays the same. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = length;
  for (let i = 0; i < length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return bytes;
}

let hugeFile: Uint8Array | undefined;

function fileBytes(content: FileContent, pictures: Pictures): Uint8Array {
  if ('picture' in content) {
    const bytes = pictures[content.picture];
    return content.cut === undefined ? bytes : bytes.subarray(0, Math.max(0, bytes.length - content.cut));
  }
  if ('magic' in content) return new Uint8Array(Buffer.from(MAGIC[content.magic] ?? '', 'latin1'));
  if ('random' in content) return noise(content.random);
  // A PNG signature in front of a huge body: the size must be refused before anything decodes it.
  hugeFile ??= new Uint8Array(11 * 1024 * 1024).fill(0x41);
  const bytes = hugeFile.subarray(0, content.huge);
  bytes.set(pictures.png.subarray(0, 8));
  return bytes;
}

/** The request as fetch would send it. */
export function buildRequest(
  route: Route,
  request: FuzzRequest,
  token: string | undefined,
  pictures: Pictures,
): { url: string; init: RequestInit } {
  const url = fillPath(route.path, request.segments) + request.query;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = { method: route.method, headers };
  const body = request.body;
  if (!body) return { url, init };
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    init.body = body.text;
  } else if (body.kind === 'raw') {
    if (body.contentType) headers['content-type'] = body.contentType;
    init.body = new TextEncoder().encode(body.text);
  } else {
    init.body = multipartBody(body, pictures, headers);
  }
  return { url, init };
}

function multipartBody(
  body: Extract<FuzzBody, { kind: 'multipart' }>,
  pictures: Pictures,
  headers: Record<string, string>,
): BodyInit {
  if (body.brokenBoundary) {
    headers['content-type'] = 'multipart/form-data; boundary=----fuzz';
    return '------fuzz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG truncated without a closing boundary';
  }
  const form = new FormData();
  for (const part of body.parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([fileBytes(part.content, pictures) as Uint8Array<ArrayBuffer>], { type: part.type }),
        part.fileName,
      );
  }
  for (let i = 0; i < (body.manyParts ?? 0); i++) form.append(`part${i}`, 'x');
  if (body.contentLength !== undefined) headers['content-length'] = body.contentLength;
  return form;
}

/** Text that gives away the server's insides: stack frames, database errors, server paths. */
const LEAKS: readonly RegExp[] = [
  /\n\s+at /,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /SQLITE_|sqlite3?\b|no such (?:table|column)|syntax error|violates .*constraint|duplicate key|constraint failed|relation "|current transaction is aborted|kysely/i,
  /node_modules|\/src\/server\//,
];

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export interface HarnessOptions {
  exclusions?: SnapshotExclusions;
}

/** The fuzz's hold on one test app: its callers' tokens, the database as last seen, and the judging of answers. */
export async function createHarness(t: TestApp, options: HarnessOptions = {}) {
  const { mark, snapshot } = snapshotter(t.db, t.dataDir, options.exclusions);
  const serverPaths = [process.cwd(), t.dataDir, `${tmpdir()}/site-test-`];
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join();
  let customers = 0;
  const tokens: Record<Exclude<Caller, 'none'>, string> = {
    admin: await t.login('admin', TEST_ADMIN_PASSWORD),
    customer: await t.customerToken(`fuzzer${customers++}`),
  };
  let baseMark = await mark();
  let baseline: Snapshot = await snapshot();
  const stats = { requests: 0, byStatus: new Map<number, number>(), refused: 0, fullSnapshots: 0 };

  const whoAmI = async (token: string) => {
    const res = await t.request('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    return res.status === 200 ? ((await res.json()) as { role?: string }).role : undefined;
  };

  /**
   * Signs the admin in again. The fuzz's own wrong passwords for 'admin' count against the account (per-account limits
   * stay on with RATE_LIMITS=off), so a refusal for too many attempts clears the counters and tries once more.
   */
  async function adminLogin(): Promise<string> {
    try {
      return await t.login('admin', TEST_ADMIN_PASSWORD);
    } catch {
      await t.db.deleteFrom('attempt_limits').execute();
      return t.login('admin', TEST_ADMIN_PASSWORD);
    }
  }

  /** A write that succeeded may have signed a caller out, removed or promoted them: the callers are made whole again. */
  async function restoreCallers(): Promise<void> {
    if ((await whoAmI(tokens.admin)) !== 'admin') tokens.admin = await adminLogin();
    if ((await whoAmI(tokens.customer)) !== 'customer') tokens.customer = await t.customerToken(`fuzzer${customers++}`);
  }

  /** Sends `request` to `route` and returns what is wrong with the answer; [] when nothing is. */
  async function judge(route: Route, request: FuzzRequest, pictures: Pictures): Promise<string[]> {
    const token = request.caller === 'none' ? undefined : tokens[request.caller];
    const { url, init } = buildRequest(route, request, token, pictures);
    const res = await t.request(url, init);
    const answer: Answer = { status: res.status, text: await res.text(), headers: res.headers };
    stats.requests++;
    if (process.env['FUZZ_LOG'])
      appendFileSync(
        process.env['FUZZ_LOG'],
        `${JSON.stringify([request.caller, route.key, url.slice(0, 200), JSON.stringify(request.body ?? null).slice(0, 300), answer.status, answer.text.slice(0, 200)])}\n`,
      );
    stats.byStatus.set(answer.status, (stats.byStatus.get(answer.status) ?? 0) + 1);
    const problems: string[] = [];
    const sent = `${url}\n${typeof init.body === 'string' ? init.body : init.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : ''}`;
    if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    if (answer.status >= 400) {
      let message: unknown;
      try {
        message = (JSON.parse(answer.text) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (!(answer.headers.get('content-type') ?? '').startsWith('application/json'))
        problems.push(`${answer.status} is not JSON (${answer.headers.get('content-type')})`);
      if (typeof message !== 'string' || message.trim() === '')
        problems.push(`${answer.status} has no message: ${answer.text.slice(0, 300)}`);
      if (answer.status === 429 && !answer.headers.get('retry-after')) problems.push('429 without Retry-After');
      for (const leak of LEAKS)
        if (leak.test(answer.text) && !leak.test(sent))
          problems.push(`the answer gives away ${leak}: ${answer.text.slice(0, 300)}`);
    }
    for (const path of serverPaths)
      if (answer.text.includes(path)) problems.push(`the answer names the server path ${path}`);
    if (
      Object.hasOwn(Object.prototype, POLLUTION_MARK) ||
      Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeNames
    ) {
      problems.push('Object.prototype was changed');
    }
    const accepted = answer.status >= 200 && answer.status < 300;
    if (accepted) {
      try {
        await restoreCallers();
      } catch (error) {
        problems.push(`the callers could not be signed in again: ${String(error)}`);
      }
    } else stats.refused++;
    // The rows are read again only when the mark says something may have changed.
    const markNow = await mark();
    if (markNow !== baseMark) {
      stats.fullSnapshots++;
      const after = await snapshot();
      const diff = accepted ? [] : snapshotDiff(baseline, after);
      if (diff.length > 0)
        problems.push(`a refused request (${answer.status}) changed the database: ${diff.join('; ')}`);
      baseline = after;
      baseMark = markNow;
    }
    return problems.map((p) => `${route.key} as ${request.caller}: ${p}`);
  }

  return { judge, stats, tokens, restoreCallers };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../src/lib/api/auth.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import { uploadFile, type UploadProgress } from '../../../src/lib/api/upload.ts';
import { $token } from '../../../src/lib/stores/session.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers a request on `res`; an answer that writes nothing leaves the request hanging. */
type Answer = (seen: Seen, res: ServerResponse) => void;

// The page (jsdom's http://localhost:3000) and the API are different origins, as when PUBLIC_API_URL is set.
function allowOrigin(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

describe('uploadFile (XMLHttpRequest against a local API)', () => {
  let server: Server;
  let answer: Answer;
  let seen: Seen[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      allowOrigin(req, res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'POST, PUT, PATCH',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        });
        res.end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        seen.push(request);
        answer(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('PUBLIC_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    answer = (_, res) => json(res, 201, { id: 9, url: '/media/photos/a.jpg' });
  });
  afterEach(() => {
    $token.set(null);
  });

  const photo = () => new File([new Uint8Array(64 * 1024).fill(7)], 'a.jpg', { type: 'image/jpeg' });

  it('sends the file with its fields as multipart form data and resolves to the parsed answer', async () => {
    const result = await uploadFile<{ id: number; url: string }>('/api/admin/photos', {
      file: photo(),
      field: 'image',
      fields: { title: 'Dawn' },
    });
    expect(result).toEqual({ id: 9, url: '/media/photos/a.jpg' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/admin/photos' });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="title"\r\n\r\nDawn');
    expect(seen[0]?.body).toContain('name="image"; filename="a.jpg"');
  });

  it('sends a FormData as it is, with the method asked for', async () => {
    const form = new FormData();
    form.append('caption', 'Dusk');
    await uploadFile('/api/admin/photos/9', form, { method: 'PUT' });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.body).toContain('name="caption"\r\n\r\nDusk');
  });

  it('reports upload progress in percent, ending at 100', async () => {
    const progress: UploadProgress[] = [];
    await uploadFile('/api/admin/photos', { file: photo() }, { onProgress: (p) => progress.push(p) });
    // jsdom reports the upload once, when it is complete; browsers also report the steps in between.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ percent: 100 });
    expect(progress.at(-1)?.total).toBeGreaterThan(64 * 1024);
    expect(progress.every((p, i) => i === 0 || p.percent >= (progress[i - 1]?.percent ?? 0))).toBe(true);
  });

  it('sends the bearer token from the store, else the one in storage, else none', async () => {
    await uploadFile('/api/admin/photos', { file: photo() });
    expect(seen[0]?.headers).not.toHaveProperty('authorization');

    localStorage.setItem('token', 'stored_0123456789abcdef');
    await uploadFile('/api/admin/photos', { file: photo() });
    expect(seen[1]?.headers.authorization).toBe('Bearer stored_0123456789abcdef');

    $token.set('store_0123456789abcdef');
    await uploadFile('/api/admin/photos', { file: photo() });
    expect(seen[2]?.headers.authorization).toBe('Bearer store_0123456789abcdef');

    $token.set(null);
    localStorage.setItem('token', 'not a token!');
    await uploadFile('/api/admin/photos', { file: photo() });
    expect(seen[3]?.headers).not.toHaveProperty('authorization');
  });

  it('rejects an error answer with its status and the server message, like the client', async () => {
    answer = (_, res) => json(res, 413, { message: 'The file is larger than 10 MB' });
    const error = await uploadFile('/api/admin/photos', { file: photo() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, statusCode: 413, data: { message: 'The file is larger than 10 MB' } });
    expect(errorMessage(error, 'Upload failed')).toBe('The file is larger than 10 MB');
  });

  it('rejects without a status when the API cannot be reached', async () => {
    vi.stubEnv('PUBLIC_API_URL', 'http://127.0.0.1:9');
    try {
      const error = await uploadFile('/api/admin/photos', { file: photo() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBeUndefined();
      expect(errorMessage(error, 'Upload failed')).toBe('Upload failed');
    } finally {
      vi.stubEnv('PUBLIC_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it('stops when its signal aborts, and rejects with the reason as cause', async () => {
    answer = () => {
      // No answer: the request hangs until the upload aborts.
    };
    const controller = new AbortController();
    const pending = uploadFile('/api/admin/photos', { file: photo() }, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(((error as ApiError).cause as Error).name).toBe('AbortError');
  });

  it('does not start when its signal has already aborted', async () => {
    const error = await uploadFile('/api/admin/photos', { file: photo() }, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(0);
  });
});

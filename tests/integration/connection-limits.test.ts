/**
 * The listener's bounds against the real server over TCP: an early refusal closes the connection (and says so), idle
 * keep-alive connections outlive a load balancer's idle timeout yet are never cut by the request timeout, a body
 * trickled in is cut off after REQUEST_TIMEOUT_SECONDS, and a flood of slow connections from one address leaves
 * another address answered.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ env: { REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS_PER_ADDRESS: '20' } });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.stop(true));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/** A GET through `agent` (or a fresh connection), from `localAddress` when given. */
function get(path: string, options: { agent?: Agent; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, ...options }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw connection from `localAddress`; answers the socket once connected, and collects what the server sends. */
async function raw(
  localAddress = '127.0.0.1',
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

describe('the listener', () => {
  it('answers a body refused before it is read with Connection: close, and a keep-alive client goes on', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await new Promise<Answer>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/contact',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.write(Buffer.alloc(64 * 1024, 0x20));
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      // The next request on the same agent opens a new connection and is answered.
      expect((await get('/api/health', { agent })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('keeps an idle keep-alive connection 65 s (above a load balancer idle timeout), and says so', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await get('/api/health', { agent });
      expect(answer.status).toBe(200);
      expect(answer.headers['keep-alive']).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });

  it('never cuts an idle keep-alive connection by the request timeout: a request after 3 s idle is answered', async () => {
    const { socket, received } = await raw();
    const ask = () => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    ask();
    await expect.poll(() => received().match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1);
    await sleep(3000);
    ask();
    await expect.poll(() => received().match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2);
    socket.destroy();
  });

  it('cuts off a body trickled in a byte at a time once the request timeout (2 s here) has passed, with 408', async () => {
    const { socket, received, closed } = await raw();
    const started = Date.now();
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
    );
    const drip = setInterval(() => socket.write('{'), 300);
    try {
      await closed;
    } finally {
      clearInterval(drip);
    }
    // The timeout is looked for every second: cut within 2 s plus that and some slack for a busy machine.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('lets one address hold 20 connections at most; a flood of slow ones leaves another address answered', async () => {
    // Slow connections: headers begun and never finished.
    const flood = await Promise.all(Array.from({ length: 60 }, () => raw()));
    for (const { socket } of flood) socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const open = () => flood.filter(({ socket }) => !socket.destroyed).length;
    await expect.poll(open).toBeLessThanOrEqual(20);
    // The ones kept are held until the headers time out (2 s here).
    expect(open()).toBeGreaterThanOrEqual(15);
    // Another machine (another loopback address) is served at once.
    const started = Date.now();
    expect((await get('/api/health', { localAddress: '127.0.0.2' })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // Once the flood is gone, its address is served again.
    for (const { socket } of flood) socket.destroy();
    await Promise.all(flood.map(({ closed }) => closed));
    await expect.poll(async () => (await get('/api/health')).status).toBe(200);
  });
});

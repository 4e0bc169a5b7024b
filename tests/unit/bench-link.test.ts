/**
 * The bench's emulated link (scripts/bench/emulated-link.ts): a page fetched from inside its namespace waits two round
 * trips for its first byte (the handshake and the request) and comes no faster than the link's rate; closing the link
 * leaves no namespace behind. Needs root, as the bench does; elsewhere the link says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LINK, openEmulatedLink } from '../../scripts/bench/emulated-link.ts';

const BODY_BYTES = 300_000;
let server: Server;
let port: number;
const dir = mkdtempSync(join(tmpdir(), 'bench-link-'));
const probe = join(dir, 'probe.mjs');

beforeAll(async () => {
  server = createServer((_req, res) => res.end(Buffer.alloc(BODY_BYTES, 1)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  // Run inside the namespace: the time to the first byte and to the last, in ms.
  writeFileSync(
    probe,
    `const start = performance.now();
const res = await fetch(process.argv[2]);
const reader = res.body.getReader();
let first = 0, bytes = 0;
for (;;) { const { done, value } = await reader.read(); if (done) break; if (!first) first = performance.now() - start; bytes += value.length; }
console.log(JSON.stringify({ first, total: performance.now() - start, bytes }));`,
  );
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const namespaces = () => execFileSync('ip', ['netns', 'list']).toString();

it('slows a fetch from its namespace to its round trip and rate, and leaves nothing behind', async () => {
  const link = await openEmulatedLink({ host: '127.0.0.1', port });
  if (process.getuid?.() !== 0) {
    expect(link).toEqual({ unavailable: 'needs root (network namespaces and tc)' });
    return;
  }
  if ('unavailable' in link) throw new Error(link.unavailable);
  let timing: { first: number; total: number; bytes: number };
  try {
    expect(namespaces()).toContain(`bench-link-${process.pid}`);
    timing = JSON.parse(await link.runNode(probe, [`${link.origin}/`])) as typeof timing;
  } finally {
    await link.close();
  }
  expect(timing.bytes).toBe(BODY_BYTES);
  expect(timing.first).toBeGreaterThanOrEqual(2 * LINK.rttMs - 10);
  // 300 KB at 1.6 Mbit/s takes about 1.5 s; unshaped it would take a few ms.
  const transferMs = timing.total - timing.first;
  expect(transferMs).toBeGreaterThan(((BODY_BYTES * 8) / (LINK.downKbit * 1000)) * 1000 * 0.8);
  expect(transferMs).toBeLessThan(6_000);
  expect(namespaces()).not.toContain(`bench-link-${process.pid}`);
}, 30_000);

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRebuildScheduler } from '../../src/server/site/rebuild-scheduler.ts';
import { createWebhookRun } from '../../src/server/site/rebuild-webhook.ts';

interface Hook {
  url: string;
  calls: { method: string; type: string | undefined; body: unknown }[];
  server: Server;
}

/** A build hook on 127.0.0.1 answering each call with the next status of `answers` (the last one repeats; 0: never). */
async function startHook(answers: number[], port = 0): Promise<Hook> {
  const calls: Hook['calls'] = [];
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += (chunk as Buffer).toString();
    calls.push({ method: req.method ?? '', type: req.headers['content-type'], body: JSON.parse(text) as unknown });
    const status = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (status === undefined) throw new Error('a hook needs at least one answer');
    if (status === 0) return; // never answers
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  };
  const server = createServer((req, res) => {
    void answer(req, res);
  });
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready));
  // The secret a real build hook carries in its path.
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/s3cr3t`, calls, server };
}

let hook: Hook | undefined;
afterEach(async () => {
  hook?.server.closeAllConnections();
  await new Promise((closed) => hook?.server.close(closed) ?? closed(undefined));
  hook = undefined;
});

const fast = { timeoutMs: 300, backoffMs: [10, 20] };
const signal = new AbortController().signal;

describe('the rebuild webhook', () => {
  it('POSTs { reason, requestedAt } once when the hook accepts', async () => {
    hook = await startHook([200]);
    const requestedAt = Date.parse('2026-03-01T12:00:00.000Z');
    await createWebhookRun({ url: hook.url, ...fast, now: () => requestedAt })('branding', signal);
    expect(hook.calls).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: { reason: 'branding', requestedAt: '2026-03-01T12:00:00.000Z' },
      },
    ]);
  });

  it('retries a hook that answers 503 twice, and succeeds on the third call', async () => {
    hook = await startHook([503, 503, 200]);
    await createWebhookRun({ url: hook.url, ...fast })('theme', signal);
    expect(hook.calls).toHaveLength(3);
    // Every attempt carries the same request.
    expect(new Set(hook.calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
  });

  it('gives up after the last retry, with the last answer as the reason', async () => {
    hook = await startHook([502]);
    await expect(createWebhookRun({ url: hook.url, ...fast })('theme', signal)).rejects.toThrow(
      'the build hook answered 502',
    );
    expect(hook.calls).toHaveLength(3);
  });

  it('does not retry a 400, and the scheduler shows the failure without the hook URL', async () => {
    hook = await startHook([400]);
    const scheduler = createRebuildScheduler({ run: createWebhookRun({ url: hook.url, ...fast }), debounceMs: 1 });
    scheduler.request('sliders');
    await scheduler.settled();
    expect(hook.calls).toHaveLength(1);
    const status = scheduler.status();
    expect(status).toMatchObject({ state: 'failed', reason: 'the build hook answered 400' });
    expect(JSON.stringify(status)).not.toContain('s3cr3t');
    await scheduler.close();
  });

  it('counts a hook that never answers as a failure after the timeout, retried like the others', async () => {
    hook = await startHook([0]);
    const started = Date.now();
    await expect(createWebhookRun({ url: hook.url, ...fast })('content', signal)).rejects.toThrow(
      'the build hook did not answer within 0.3 s',
    );
    expect(hook.calls).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300);
  });

  it('reports an unreachable hook without its URL, then recovers on Retry', async () => {
    hook = await startHook([200]);
    const { url, server } = hook;
    await new Promise((closed) => server.close(closed));
    const scheduler = createRebuildScheduler({ run: createWebhookRun({ url, ...fast }), debounceMs: 1 });
    scheduler.request('branding');
    await scheduler.settled();
    expect(scheduler.status()).toMatchObject({
      state: 'failed',
      reason: 'the build hook could not be reached (ECONNREFUSED)',
    });

    hook = await startHook([200], Number(new URL(url).port));
    scheduler.retry();
    await scheduler.settled();
    expect(scheduler.status()).toMatchObject({ state: 'up-to-date' });
    expect(hook.calls).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ reason: 'retry' }) as unknown }),
    ]);
    await scheduler.close();
  });

  it('stops retrying when the server stops', async () => {
    hook = await startHook([503]);
    const stopping = new AbortController();
    const run = createWebhookRun({ url: hook.url, timeoutMs: 300, backoffMs: [60_000] })('theme', stopping.signal);
    while (hook.calls.length === 0) await new Promise((tick) => setTimeout(tick, 5));
    stopping.abort(new Error('the server is stopping'));
    await expect(run).rejects.toThrow('the server is stopping');
    expect(hook.calls).toHaveLength(1);
  });
});

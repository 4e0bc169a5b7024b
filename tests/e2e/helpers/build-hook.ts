/**
 * A CDN build hook on loopback for the e2e servers that do not build the site themselves: the server POSTs
 * `{ reason, requestedAt }` to it (REBUILD_WEBHOOK_URL, src/server/site/rebuild-webhook.ts) and it answers 202, as a
 * CDN's hook does. The tests read the reasons it received to see that an admin change asked for a rebuild; the real
 * builds are the subject of the files that set `siteBuilds` (admin-rebuild.test.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';

export interface BuildHook {
  url: string;
  /** The reasons of the requests received so far, oldest first (a burst of changes arrives as one, comma-joined). */
  reasons(): string[];
  /** Waits until a request received after `since` (an index into reasons()) names `what`, e.g. 'blogs changed'. */
  asked(what: string, since: number): Promise<void>;
  /** Holds the hook's answers (the build stays under way) until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startBuildHook(): Promise<BuildHook> {
  const received: string[] = [];
  let held: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const { reason } = JSON.parse(body) as { reason?: unknown };
        if (req.method === 'POST' && typeof reason === 'string') received.push(reason);
      } catch {
        // Not the server's request: answered all the same, never recorded.
      }
      void held.then(() => res.writeHead(202).end());
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build`,
    reasons: () => [...received],
    async asked(what, since) {
      // The scheduler waits 2 s of quiet (at most 10 s) before it calls the hook.
      await expect
        .poll(() => received.slice(since).some((reason) => reason.split(', ').includes(what)), {
          message: `a rebuild asked for because ${what}`,
          timeout: 20_000,
        })
        .toBe(true);
    },
    hold() {
      const { promise, resolve } = Promise.withResolvers<undefined>();
      held = promise;
      return () => resolve(undefined);
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** The static site's rebuilds as e2e tests wait for them: the publish state settling, and the served HTML. */
import assert from 'node:assert/strict';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PublishStatus } from '../../../src/shared/admin.ts';

/** A build of the demo site takes 30-60 s on a busy 2-core machine; a change may wait for a running one first. */
const BUILD_WAIT = { timeout: 200_000, intervals: [500] };

/** Waits until no build is scheduled or running; answers the state it settled in (up-to-date or failed). */
export async function settled(api: APIRequestContext, token: string): Promise<PublishStatus> {
  let status: PublishStatus | undefined;
  await expect
    .poll(async () => {
      status = (await (
        await api.get('/api/admin/site-status', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as PublishStatus;
      return status.state;
    }, BUILD_WAIT)
    .toMatch(/^(up-to-date|failed)$/);
  assert(status, 'the poll has read the status');
  return status;
}

/** The served HTML of a path, and its status, past any cache. */
export async function served(api: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const res = await api.get(path, { headers: { 'Cache-Control': 'no-cache' } });
  return { status: res.status(), html: await res.text() };
}

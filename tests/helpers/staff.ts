/** Staff of an in-process test app (test-app.ts): JSON calls as a signed-in person, and customers made staff. */
import { expect } from 'vitest';
import { TEST_CUSTOMER_PASSWORD, type TestApp } from './test-app.ts';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call to `t` with `token` as the bearer. */
export async function callAs(
  t: TestApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await t.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A customer made `role` by the admin (`adminToken`) through Manage Users; answers the new session's token. */
export async function staffToken(t: TestApp, adminToken: string, username: string, role: string): Promise<string> {
  await t.customerToken(username);
  const { id } = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  expect((await callAs(t, adminToken, 'PATCH', `/api/admin/users/${id}`, { role })).status).toBe(200);
  return t.login(username, TEST_CUSTOMER_PASSWORD);
}

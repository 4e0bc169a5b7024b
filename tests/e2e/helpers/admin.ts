/** The e2e server's admin: a session token from the API, and a browser page that starts signed in with it. */
import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';

/** The ADMIN_EMAIL default the e2e server starts with. */
export const ADMIN_EMAIL = 'admin@example.com';

/** Signs the admin in through the API and answers the session token. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username: ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Stores the token before any page script runs, as a signed-in browser has it. */
export async function signedInAs(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** An API client of the e2e server with the admin signed in, for a test file's setup and clean-up. */
export async function adminApi(playwright: {
  request: APIRequest;
}): Promise<{ api: APIRequestContext; token: string }> {
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  return { api, token: await adminToken(api) };
}

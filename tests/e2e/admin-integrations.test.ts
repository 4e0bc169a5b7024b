/**
 * Integrations from the admin area: the admin opens /admin/integrations from the sidebar, makes an API token with one
 * scope (shown once), and another system reads content with it but writes nothing and reaches no user, until the
 * token is revoked; then adds a webhook endpoint on a receiver of the test's own, copies its signing secret, sends a
 * test event that arrives signed with it, resends it from the delivery log (the server's runner delivers it), and a
 * page the admin creates reaches the receiver too. Screenshots at 320, 375 and 1280 px in both themes go to
 * INTEGRATIONS_SHOTS with E2E_SCREENSHOTS=1.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { verifyWebhookSignature } from '../../src/server/modules/webhooks/webhook-signature.ts';
import { expect, test, type Page } from './fixtures.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

const SHOTS = process.env['INTEGRATIONS_SHOTS'] ?? 'test-results/screens/admin-integrations';

let token = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
  });
});
let receiverUrl = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function openIntegrations(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Integrations' }).first().click();
  await expect(page).toHaveURL(/\/admin\/integrations\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
}

test('a token made with one scope reads content, writes nothing, and stops working once revoked', async ({
  page,
  request,
}) => {
  await openIntegrations(page);
  await page.getByLabel('Name').fill('Stock sync');
  await page.getByRole('checkbox', { name: 'Read content' }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: 'Token “Stock sync” is ready' })).toBeFocused();
  const made = await page.getByLabel('Your new token').inputValue();
  expect(made).toMatch(/^cst_/);
  await keepScreenshot(page, { path: join(SHOTS, 'token-made-1280.png'), fullPage: true });

  const as = (t: string) => ({ authorization: `Bearer ${t}` });
  expect((await request.get('/api/admin/pages', { headers: as(made) })).status()).toBe(200);
  const write = await request.post('/api/admin/pages', { headers: as(made), data: { title: 'By a token' } });
  expect(write.status()).toBe(403);
  expect((await request.get('/api/admin/users', { headers: as(made) })).status()).toBe(403);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Your new token')).toHaveCount(0);
  // Read again, the list tells of the token's use.
  await page.reload();
  const row = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem').filter({ hasText: 'Stock sync' });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Never used')).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke Stock sync' }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(row.getByText(/^Revoked on /)).toBeVisible();
  expect((await request.get('/api/admin/pages', { headers: as(made) })).status()).toBe(401);
});

test('a webhook endpoint gets a signed test event, a resend from its log and the events it hears', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  received.length = 0;
  await openIntegrations(page);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await dialog.getByLabel('URL').fill(receiverUrl);
  await dialog.getByLabel('Description (optional)').fill('Search index');
  await dialog.getByRole('checkbox', { name: 'Content created' }).check();
  await keepScreenshot(page, { path: join(SHOTS, 'webhook-form-1280.png') });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog).toHaveCount(0);
  const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Send a test event to Search index' }).click();
  await expect(page.getByText('The test event was delivered (HTTP 200).')).toBeVisible();
  expect(received).toHaveLength(1);
  const [ping] = received;
  expect(ping?.headers['site-event']).toBe('ping');
  expect(verifyWebhookSignature(secret, String(ping?.headers['site-signature']), ping?.body ?? '')).toBe(true);

  // Resent from the log, the same body goes again through the server's own queue and runner.
  await page.getByRole('button', { name: 'Delivery log of Search index' }).click();
  const log = page.getByRole('list', { name: `Deliveries to ${receiverUrl}` });
  await expect(log.getByRole('listitem').filter({ hasText: 'Test event' })).toContainText('Delivered');
  await log.getByRole('button', { name: /^Resend Test event/ }).click();
  await expect(page.getByText('The delivery is queued again and will be sent shortly.')).toBeVisible();
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
  expect(received[1]?.body).toBe(ping?.body);

  // An admin write queues the event it is.
  const created = await request.post('/api/admin/pages', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Webhook news', content: 'Told to the search index.' },
  });
  expect(created.status()).toBe(201);
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(3);
  const event = received[2];
  expect(event?.headers['site-event']).toBe('content.created');
  expect(JSON.parse(event?.body ?? '{}')).toMatchObject({ event: 'content.created', data: { type: 'page' } });
  expect(verifyWebhookSignature(secret, String(event?.headers['site-signature']), event?.body ?? '')).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(3);
  // Refresh reads the endpoint's own summary again too.
  const endpoint = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').first();
  await expect(endpoint).toContainText('Content created · HTTP 200');
  await keepScreenshot(page, { path: join(SHOTS, 'webhook-log-1280.png'), fullPage: true });
});

test('looks finished at 320, 375 and 1280 px in both themes, never wider than the screen', async ({ browser }) => {
  test.setTimeout(60_000);
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/integrations');
    await expect(page.getByRole('list', { name: 'API tokens' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Webhook endpoints' })).toBeVisible();
    await expectNoSideScroll(page, width);
    await keepScreenshot(page, { path: join(SHOTS, `integrations-${width}-${theme}.png`), fullPage: true });
  });
});

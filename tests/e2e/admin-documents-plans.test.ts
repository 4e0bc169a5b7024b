/**
 * Documents and Plans of Content Management as an admin uses them: a plan is created, edited, published and deleted
 * from its tab, and the public list follows; a document uploaded and published is listed with a download that answers
 * as an attachment. Drafts never appear. Each public change asks for a rebuild; /pricing and /documents as the
 * rebuild renders them are admin-rebuild.test.ts's subject. Everything made here is deleted again.
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { AdminDocument, PublicDocument } from '../../src/shared/documents.ts';
import type { AdminPlan, Plan } from '../../src/shared/plans.ts';
import { makePdf } from '../helpers/document-files.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = `E2E ${Date.now().toString(36)}`;
const PLAN = `${RUN} Studio plan`;
const DRAFT_PLAN = `${RUN} Hidden plan`;
const DOC = `${RUN} Price list`;
const DRAFT_DOC = `${RUN} Internal memo`;

let api: APIRequestContext;
let token = '';
const auth = () => ({ Authorization: `Bearer ${token}` });

const ourPlans = async () =>
  ((await (await api.get('/api/admin/plans', { headers: auth() })).json()) as { results: AdminPlan[] }).results.filter(
    (p) => p.name.startsWith(RUN),
  );
const publicPlans = async () => ((await (await api.get('/api/plans')).json()) as { results: Plan[] }).results;
const publicDocuments = async () =>
  ((await (await api.get('/api/documents')).json()) as { results: PublicDocument[] }).results;
const ourDocuments = async () =>
  (
    (await (await api.get('/api/admin/documents', { headers: auth() })).json()) as { results: AdminDocument[] }
  ).results.filter((d) => d.title.startsWith(RUN));

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  for (const plan of await ourPlans()) await api.delete(`/api/admin/plans/${plan.id}`, { headers: auth() });
  for (const doc of await ourDocuments()) await api.delete(`/api/admin/documents/${doc.id}`, { headers: auth() });
  await api.dispose();
});

async function openTab(page: Page, tab: 'Documents' | 'Plans') {
  await signedInAs(page, token);
  await page.goto(`/admin/content?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: tab === 'Plans' ? 'New plan' : 'Upload document' })).toBeVisible();
}

const card = (page: Page, title: string) =>
  page.getByTestId('content-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function submit(page: Page, button: string, message: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(notice(page, message)).toBeVisible();
}

test('a plan is created, edited, published and deleted, and the public list and rebuild requests follow; a draft plan never shows', async ({
  page,
  buildHook,
}) => {
  let mark = buildHook.reasons().length;
  // A draft made through the API: it must stay off /pricing through every rebuild below.
  expect((await api.post('/api/admin/plans', { headers: auth(), data: { name: DRAFT_PLAN, price: 1 } })).status()).toBe(
    201,
  );
  await openTab(page, 'Plans');

  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByLabel('Name').fill(PLAN);
  await dialog.getByLabel('Description').fill('For small studios');
  await dialog.getByLabel('Price (USD)').fill('29.5');
  await dialog.getByLabel('Billing period').selectOption({ label: 'Yearly' });
  await dialog.getByLabel('Features (one per line)').fill('Unlimited galleries\n\nPriority support\n');
  await dialog.getByLabel(/^Highlighted/).check();
  await expect(dialog.getByLabel('Status')).toHaveValue('false');
  // The shared rules refuse a third decimal before anything is sent.
  await dialog.getByLabel('Price (USD)').fill('29.555');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Price must have at most 2 decimals.');
  await dialog.getByLabel('Price (USD)').fill('29.5');
  await submit(page, 'Save', 'Plan created');
  await expect(card(page, PLAN).getByText('Draft', { exact: true })).toBeVisible();
  await expect(card(page, PLAN)).toContainText('$29.50 /year');

  await card(page, PLAN)
    .getByRole('button', { name: `Edit ${PLAN}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit plan' });
  await expect(edit.getByLabel('Features (one per line)')).toHaveValue('Unlimited galleries\nPriority support');
  await edit.getByLabel('Price (USD)').fill('39');
  await submit(page, 'Save', 'Plan updated');
  await expect(card(page, PLAN)).toContainText('$39.00 /year');

  await card(page, PLAN)
    .getByRole('button', { name: `Publish ${PLAN}` })
    .click();
  await expect(notice(page, 'Plan published')).toBeVisible();
  await expect(card(page, PLAN).getByText('Published', { exact: true })).toBeVisible();

  // Public at once through the API, and on /pricing with the rebuild it asked for (admin-rebuild.test.ts builds one).
  const published = (await publicPlans()).find((p) => p.name === PLAN);
  expect(published).toMatchObject({
    price: 39,
    billing_period: 'year',
    highlighted: true,
    features: ['Unlimited galleries', 'Priority support'],
  });
  expect((await publicPlans()).map((p) => p.name)).not.toContain(DRAFT_PLAN);
  await buildHook.asked('plans changed', mark);
  mark = buildHook.reasons().length;

  await openTab(page, 'Plans');
  await card(page, PLAN)
    .getByRole('button', { name: `Delete ${PLAN}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page, 'Plan deleted')).toBeVisible();
  await expect(card(page, PLAN)).toHaveCount(0);
  expect((await publicPlans()).map((p) => p.name)).not.toContain(PLAN);
  await buildHook.asked('plans changed', mark);
});

test('a document uploaded and published is listed and downloads as an attachment; a draft never shows', async ({
  page,
  buildHook,
}) => {
  let mark = buildHook.reasons().length;
  await openTab(page, 'Documents');

  // The draft, uploaded through the form and left as a draft.
  await page.getByRole('button', { name: 'Upload document' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload document' });
  await dialog.getByLabel('Title').fill(DRAFT_DOC);
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Not for the public\n') });
  await submit(page, 'Upload', 'Document uploaded');
  await expect(card(page, DRAFT_DOC).getByText('Draft', { exact: true })).toBeVisible();
  await expect(card(page, DRAFT_DOC)).toContainText('Text · 1 KB · memo.txt');

  // A file the server refuses by its content: an HTML page named .pdf.
  await page.getByRole('button', { name: 'Upload document' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload document' });
  await dialog.getByLabel('Title').fill(DOC);
  await dialog.getByLabel('File').setInputFiles({
    name: 'prices.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><p>not a pdf</p>'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Only PDF, Word');

  // The real PDF, published.
  await dialog.getByLabel('File').setInputFiles({
    name: 'Price list 2026.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makePdf('Prices')),
  });
  await expect(dialog.getByText(/Price list 2026\.pdf · 0\.00 MB/)).toBeVisible();
  await dialog.getByLabel('Description').fill('Every price of the year');
  await dialog.getByLabel('Status').selectOption({ label: 'Published' });
  await submit(page, 'Upload', 'Document uploaded');
  await expect(card(page, DOC).getByText('Published', { exact: true })).toBeVisible();
  await expect(card(page, DOC)).toContainText('PDF · 1 KB · Price list 2026.pdf');

  // Public at once through the API, and on /documents with the rebuild it asked for (admin-rebuild.test.ts builds one).
  await buildHook.asked('documents changed', mark);
  mark = buildHook.reasons().length;
  const listed = (await publicDocuments()).find((d) => d.title === DOC);
  expect(listed).toMatchObject({ description: 'Every price of the year', content_type: 'application/pdf' });
  expect((await publicDocuments()).map((d) => d.title)).not.toContain(DRAFT_DOC);
  const href = listed?.url ?? null;
  assert(href !== null);
  expect(href).toMatch(/\/api\/documents\/[^/]+\/download$/);
  const download = await api.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toBe(
    `attachment; filename="Price list 2026.pdf"; filename*=UTF-8''Price%20list%202026.pdf`,
  );
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const draft = (await ourDocuments()).find((d) => d.title === DRAFT_DOC);
  assert(draft);
  expect((await api.get(draft.url)).status()).toBe(404);

  // Unpublish and delete from the cards; the list follows.
  await openTab(page, 'Documents');
  await card(page, DOC)
    .getByRole('button', { name: `Unpublish ${DOC}` })
    .click();
  await expect(notice(page, 'Document unpublished')).toBeVisible();
  expect((await api.get(href)).status()).toBe(404);
  for (const title of [DOC, DRAFT_DOC]) {
    await card(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'Document deleted')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  }
  expect((await publicDocuments()).map((d) => d.title)).not.toContain(DOC);
  await buildHook.asked('documents changed', mark);
});

/**
 * Documents with the real app, database and DATA_DIR: GET /api/documents and GET /api/documents/:id/download
 * (published only, an attachment with nosniff), GET/POST /api/admin/documents and PUT/PATCH/DELETE
 * /api/admin/documents/:id. Files are checked by content (real PDF and DOCX bytes made in code), stored outside
 * DATA_DIR/media under server-made names and removed with their document; every refusal changes nothing.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { documentsDir, sweepOrphanDocuments } from '../../src/server/modules/documents/documents.store.ts';
import type { AdminDocument, PublicDocument } from '../../src/shared/documents.ts';
import { HTML_PAGE, makeDocx, makePdf, SVG_PICTURE } from '../helpers/document-files.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const COLLECTION = '/api/admin/documents';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & { document?: AdminDocument; results?: (PublicDocument | AdminDocument)[] };

interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
}

function form(fields: Record<string, string>, file?: FilePart): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([file.bytes.slice()], { type: file.type }), file.name);
  return data;
}

/** Signed as the admin unless the call names a token (null: none). */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);

const pdf = (name = 'Annual report.pdf'): FilePart => ({ bytes: makePdf(), name, type: 'application/pdf' });
const docx = (name = 'Terms.docx'): FilePart => ({ bytes: makeDocx(), name, type: DOCX });
const upload = (fields: Record<string, string>, file?: FilePart, token: string | null = admin) =>
  call('POST', COLLECTION, { token, body: form(fields, file) });
const storedFiles = async () => (await readdir(documentsDir(t.dataDir)).catch(() => [] as string[])).sort();
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const snapshot = async () => ({
  rows: await t.db.selectFrom('documents').selectAll().orderBy('id').execute(),
  audits: (await auditRows()).length,
  files: await storedFiles(),
  media: await mediaFiles(),
});
const publicIds = async () =>
  ((await call('GET', '/api/documents', { token: null })).body.results ?? []).map((d) => d.id);
const settled = async () => {
  await t.deps.rebuilds.settled();
  expect(t.deps.rebuilds.status().state).toBe('up-to-date');
};
const rebuildAsked = () => ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);
const download = (id: string, headers: Record<string, string> = {}) =>
  t.request(`/api/documents/${id}/download`, { headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
  return () => t.close();
});

describe('access', () => {
  it('answers 401 without a token and 403 for a customer on every admin call, storing nothing', async () => {
    const before = await snapshot();
    const calls: [string, string, () => FormData | object | undefined][] = [
      ['GET', COLLECTION, () => undefined],
      ['POST', COLLECTION, () => form({ title: 'Nope' }, pdf())],
      ['PUT', `${COLLECTION}/x`, () => form({ title: 'Nope' }, pdf())],
      ['PATCH', `${COLLECTION}/x`, () => ({ published: true })],
      ['DELETE', `${COLLECTION}/x`, () => undefined],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = body();
      expect((await call(method, path, { token: null, ...(anonymous ? { body: anonymous } : {}) })).status).toBe(401);
      const asCustomer = body();
      expect(await call(method, path, { token: customer, ...(asCustomer ? { body: asCustomer } : {}) })).toMatchObject({
        status: 403,
        body: { message: 'Admin access required' },
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('upload, list and download', () => {
  it('stores a published PDF outside /media, audits it, asks for a rebuild and lists it publicly', async () => {
    await settled();
    const before = await snapshot();
    const { status, headers, body } = await upload(
      { title: ' Annual report ', description: 'The year\r\nin numbers', published: 'true' },
      pdf('C:\\fakepath\\Annual "report".pdf'),
    );
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(rebuildAsked()).toBe(true);
    const { document } = body;
    assert(document, 'the upload answers the document');
    expect(body.message).toBe('Document uploaded');
    expect(document).toEqual({
      id: expect.any(String) as unknown,
      title: 'Annual report',
      description: 'The year\nin numbers',
      download_name: 'Annual report.pdf',
      content_type: 'application/pdf',
      bytes: makePdf().byteLength,
      created_at: expect.any(String) as unknown,
      updated_at: expect.any(String) as unknown,
      published: true,
      url: `/api/documents/${document.id}/download`,
      draft: null,
    });
    const row = await t.db.selectFrom('documents').selectAll().where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(row.file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await storedFiles()).toEqual([...before.files, row.file].sort());
    expect(await readFile(join(documentsDir(t.dataDir), row.file))).toEqual(Buffer.from(makePdf()));
    // Nothing under /media: /media cannot serve it.
    expect(await mediaFiles()).toEqual(before.media);
    expect((await t.request(`/media/${row.file}`)).status).toBe(404);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'document.create',
      target_type: 'document',
      target_id: document.id,
      summary: 'Document "Annual report" uploaded',
    });

    const list = await call('GET', '/api/documents', { token: null });
    expect(list.headers.get('cache-control')).toBe('no-cache');
    const listed = Object.fromEntries(
      Object.entries(document).filter(([key]) => !['published', 'updated_at', 'draft'].includes(key)),
    );
    expect(list.body.results).toEqual([listed]);
  });

  it('serves a published document as an attachment with nosniff, revalidated by its ETag', async () => {
    const [id] = await publicIds();
    assert.isDefined(id, 'a published document');
    const res = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Annual report.pdf"; filename*=UTF-8''Annual%20report.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('content-length')).toBe(String(makePdf().byteLength));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(makePdf()));
    const etag = res.headers.get('etag');
    assert.isNotNull(etag, 'an ETag');
    expect(etag).toMatch(/^"[0-9a-f-]{36}\.pdf"$/);
    const again = await download(id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('keeps a draft out of the public list and its download, asks for no rebuild, and shows it to the admin', async () => {
    await settled();
    const { status, body } = await upload({ title: 'Internal terms' }, docx('Terms & conditions.docx'));
    expect(status).toBe(201);
    const draft = body.document;
    assert(draft, 'the upload answers the document');
    expect(draft).toMatchObject({ published: false, content_type: DOCX, download_name: 'Terms & conditions.docx' });
    expect(t.deps.rebuilds.status().state).toBe('up-to-date');
    expect((await auditRows()).at(-1)).toMatchObject({ summary: 'Document "Internal terms" uploaded as a draft' });
    expect(await publicIds()).not.toContain(draft.id);
    expect(await download(draft.id)).toHaveProperty('status', 404);
    expect(await (await download(draft.id)).json()).toEqual({ message: 'Document not found' });
    // Not even with an admin token: the download route serves published documents only.
    expect(
      (await t.request(`/api/documents/${draft.id}/download`, { headers: { authorization: `Bearer ${admin}` } }))
        .status,
    ).toBe(404);
    const adminList = await call('GET', COLLECTION);
    expect(adminList.headers.get('cache-control')).toBe('no-store');
    expect((adminList.body.results ?? []).map((d) => d.id)).toEqual([draft.id, (await publicIds())[0]]);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await download('no-such-id')).status).toBe(404);
  });
});

describe('edit, publish and delete', () => {
  it('publishes and unpublishes with PATCH, asking for a rebuild each time', async () => {
    const uploaded = (await upload({ title: 'Price list' }, pdf('prices.pdf'))).body.document;
    assert(uploaded, 'the upload answers the document');
    const { id } = uploaded;
    await settled();
    const published = await call('PATCH', `${COLLECTION}/${id}`, { body: { published: true } });
    expect(published).toMatchObject({
      status: 200,
      body: { message: 'Document published', document: { id, published: true, title: 'Price list' } },
    });
    expect(rebuildAsked()).toBe(true);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'document.update',
      summary: 'Document "Price list" updated and published',
    });
    expect(await publicIds()).toContain(id);
    expect((await download(id)).status).toBe(200);
    await settled();
    expect((await call('PATCH', `${COLLECTION}/${id}`, { body: { published: false } })).body.message).toBe(
      'Document unpublished',
    );
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds()).not.toContain(id);
    expect((await download(id)).status).toBe(404);
  });

  it('edits the fields with PUT (JSON or multipart) and replaces the file, removing the old one', async () => {
    const created = (await upload({ title: 'Brochure', published: 'true' }, pdf('brochure.pdf'))).body.document;
    assert(created, 'the upload answers the document');
    const oldFile = (
      await t.db.selectFrom('documents').select('file').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).file;
    const json = await call('PUT', `${COLLECTION}/${created.id}`, {
      body: { title: 'Brochure 2026', description: 'New' },
    });
    expect(json).toMatchObject({
      status: 200,
      body: {
        message: 'Document updated',
        document: { title: 'Brochure 2026', description: 'New', published: true, download_name: 'brochure.pdf' },
      },
    });

    const replaced = await call('PUT', `${COLLECTION}/${created.id}`, {
      body: form({ description: '' }, docx('Brochure.docx')),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.document).toMatchObject({
      title: 'Brochure 2026',
      description: '',
      content_type: DOCX,
      download_name: 'Brochure.docx',
      bytes: makeDocx().byteLength,
    });
    expect((await auditRows()).at(-1)).toMatchObject({ summary: 'Document "Brochure 2026" updated with a new file' });
    const newFile = (
      await t.db.selectFrom('documents').select('file').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).file;
    expect(newFile).toMatch(/\.docx$/);
    const files = await storedFiles();
    expect(files).toContain(newFile);
    expect(files).not.toContain(oldFile);
    const res = await download(created.id);
    expect(res.headers.get('content-type')).toBe(DOCX);
    expect(res.headers.get('content-disposition')).toContain('filename="Brochure.docx"');
  });

  it('deletes a document and its file', async () => {
    const created = (await upload({ title: 'Old flyer', published: 'true' }, pdf())).body.document;
    assert(created, 'the upload answers the document');
    const file = (
      await t.db.selectFrom('documents').select('file').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).file;
    await settled();
    const deleted = await call('DELETE', `${COLLECTION}/${created.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Document deleted' } });
    expect(deleted.headers.get('cache-control')).toBe('no-store');
    expect(rebuildAsked()).toBe(true);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'document.delete',
      target_id: created.id,
      summary: 'Document "Old flyer" deleted',
    });
    expect(await storedFiles()).not.toContain(file);
    expect(await publicIds()).not.toContain(created.id);
    expect((await download(created.id)).status).toBe(404);
    expect(await call('DELETE', `${COLLECTION}/${created.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Document not found' },
    });
  });

  it('answers 404 for an unknown document on PUT and PATCH, storing nothing', async () => {
    const before = await snapshot();
    expect(await call('PUT', `${COLLECTION}/nope`, { body: form({ title: 'X' }, pdf()) })).toMatchObject({
      status: 404,
      body: { message: 'Document not found' },
    });
    expect(await call('PATCH', `${COLLECTION}/nope`, { body: { published: true } })).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('refusals change nothing', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  it.each([
    [
      'an HTML file renamed .pdf',
      { title: 'T' },
      { bytes: HTML_PAGE, name: 'invoice.pdf', type: 'application/pdf' },
      415,
      'file',
      /^Only PDF, Word/,
    ],
    [
      'an SVG',
      { title: 'T' },
      { bytes: SVG_PICTURE, name: 'logo.svg', type: 'image/svg+xml' },
      415,
      'file',
      /^Only PDF, Word/,
    ],
    [
      'a PDF named .docx',
      { title: 'T' },
      { bytes: makePdf(), name: 'letter.docx', type: DOCX },
      415,
      'file',
      /^The file name or type does not match its content$/,
    ],
    [
      'a PDF declared as HTML',
      { title: 'T' },
      { bytes: makePdf(), name: 'a.pdf', type: 'text/html' },
      415,
      'file',
      /does not match/,
    ],
    [
      'a missing title',
      {},
      { bytes: makePdf(), name: 'a.pdf', type: 'application/pdf' },
      400,
      'title',
      /^Title is required\.$/,
    ],
    [
      'a blank title',
      { title: '  ' },
      { bytes: makePdf(), name: 'a.pdf', type: 'application/pdf' },
      400,
      'title',
      /^Title is required\.$/,
    ],
    [
      'a bad published',
      { title: 'T', published: 'yes' },
      { bytes: makePdf(), name: 'a.pdf', type: 'application/pdf' },
      400,
      'published',
      /^Published must be true or false\.$/,
    ],
    ['no file', { title: 'T' }, undefined, 400, 'file', /^Choose a document file\.$/],
    [
      'an empty file',
      { title: 'T' },
      { bytes: new Uint8Array(0), name: 'a.txt', type: 'text/plain' },
      400,
      'file',
      /^The file is empty$/,
    ],
    [
      'text with a NUL byte',
      { title: 'T' },
      { bytes: text('a\u0000b'), name: 'a.txt', type: 'text/plain' },
      415,
      'file',
      /^Only PDF/,
    ],
  ])('%s', async (_what, fields, file, status, field, message) => {
    const before = await snapshot();
    const answer = await upload(fields, file);
    expect(answer.status).toBe(status);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a UTF-8 CSV and serves it as text/csv', async () => {
    const { status, body } = await upload(
      { title: 'Prices', published: 'true' },
      { bytes: text('name,price\nStarter,0\n'), name: 'prices.csv', type: 'text/csv' },
    );
    expect(status).toBe(201);
    assert(body.document, 'the upload answers the document');
    const res = await download(body.document.id);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('name,price\nStarter,0\n');
    await call('DELETE', `${COLLECTION}/${body.document.id}`);
  });

  it('refuses a file over 20 MiB with 413, whether the body is over the limit or only the file', async () => {
    const before = await snapshot();
    const big = (size: number): FilePart => {
      const bytes = new Uint8Array(size);
      bytes.set(makePdf());
      return { bytes, name: 'big.pdf', type: 'application/pdf' };
    };
    const overFile = await upload({ title: 'Big' }, big(20 * 1024 * 1024 + 1));
    expect(overFile).toMatchObject({
      status: 413,
      body: { message: 'File size must be less than 20MB', field: 'file' },
    });
    const overBody = await upload({ title: 'Bigger' }, big(21 * 1024 * 1024));
    expect(overBody).toMatchObject({ status: 413, body: { message: 'File size must be less than 20MB' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file under another field name and bad PATCH bodies', async () => {
    const [first] = (await call('GET', COLLECTION)).body.results ?? [];
    assert(first, 'a document in the admin list');
    const { id } = first;
    const before = await snapshot();
    const data = form({ title: 'T' });
    data.append('attachment', new Blob([makePdf().slice()], { type: 'application/pdf' }), 'a.pdf');
    expect(await call('POST', COLLECTION, { body: data })).toMatchObject({
      status: 400,
      body: { field: 'attachment' },
    });
    expect(await call('PATCH', `${COLLECTION}/${id}`, { body: { published: 'maybe' } })).toMatchObject({
      status: 400,
      body: { field: 'published' },
    });
    expect(await call('PATCH', `${COLLECTION}/${id}`, { body: { title: '' } })).toMatchObject({
      status: 400,
      body: { message: 'Title is required.' },
    });
    expect(await call('PATCH', `${COLLECTION}/${id}`, { body: [1] })).toMatchObject({
      status: 400,
      body: { field: 'body' },
    });
    expect(await call('POST', COLLECTION, { body: { title: 'JSON' } })).toMatchObject({ status: 415 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('sweepOrphanDocuments', () => {
  it('removes files no row names (a crash between write and insert) and keeps every stored document', async () => {
    const kept = await storedFiles();
    expect(kept.length).toBeGreaterThan(0);
    const orphan = '00000000-0000-4000-8000-000000000000.pdf';
    await writeFile(join(documentsDir(t.dataDir), orphan), makePdf());
    await writeFile(join(documentsDir(t.dataDir), `.${orphan}.tmp`), 'partial');
    expect(await sweepOrphanDocuments(t.db, t.dataDir)).toBe(2);
    expect(await storedFiles()).toEqual(kept);
    for (const row of await t.db.selectFrom('documents').select('file').execute()) expect(kept).toContain(row.file);
  });
});

/**
 * Drafts, preview links and versions of documents, with the real app, database and DATA_DIR (SQLite and PostgreSQL):
 * a draft of a published document (its title and description) changes nothing visitors see until it is published,
 * checked as the document's own PUT; a file is no draft's (refused by name there) and is replaced at once by the
 * document's own PUT; the preview lists the draft with the live file; every save keeps a version that can be restored;
 * only the content roles reach any of it; a deleted document takes its draft and versions with it.
 */
import { readdir } from 'node:fs/promises';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { documentsDir } from '../../src/server/modules/documents/documents.store.ts';
import {
  DOCUMENT_DRAFT_FILE,
  type AdminDocument,
  type DocumentDraft,
  type PublicDocument,
} from '../../src/shared/documents.ts';
import { DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import { makeDocx, makePdf } from '../helpers/document-files.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { document?: AdminDocument; item?: AdminDocument; draft?: DocumentDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const form = (fields: Record<string, string>, file?: [Uint8Array, string, string]) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([file[0].slice()], { type: file[2] }), file[1]);
  return data;
};
const pdf = (): [Uint8Array, string, string] => [makePdf('Prices'), 'Price list.pdf', 'application/pdf'];
const docx = (): [Uint8Array, string, string] => [makeDocx(), 'Price list.docx', DOCX];

const create = async (fields: Record<string, string>) => {
  const answer = await call('POST', '/api/admin/documents', { body: form(fields, pdf()) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.document, 'created');
  return answer.body.document;
};
/** The document as visitors' list reads it, or undefined while it is not published. */
const publicDocument = async (id: string) =>
  (await client<{ results: PublicDocument[] }>('GET', '/api/documents', { token: null })).body.results.find(
    (d) => d.id === id,
  );
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/documents/${id}/revisions`)).body.revisions;
const storedFiles = async () => (await readdir(documentsDir(t.dataDir)).catch(() => [] as string[])).sort();
const rebuildAsked = () => ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);
const previewOf = async (id: string) => {
  const link = await call('POST', `/api/admin/documents/${id}/preview-link`);
  assert(link.body.link, 'a link');
  const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
  return call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  return () => t.close();
});

describe('a draft of a published document', () => {
  let doc: AdminDocument;

  it('is saved without changing what visitors see, checked as the document’s own edit', async () => {
    doc = await create({ title: 'Price list', published: 'true' });
    const draftPath = `/api/admin/documents/${doc.id}/draft`;
    const files = await storedFiles();
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'Prices', description: 'x'.repeat(2001) }, 'description'],
      [{ title: 7 }, 'title'],
    ] as const) {
      const refused = await call('PUT', draftPath, { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    // A file is no draft's: refused by name, whatever its size up to the document's own maximum.
    const withFile = await call('PUT', draftPath, { body: form({ title: 'Prices' }, docx()) });
    expect(withFile.body).toEqual({ message: DOCUMENT_DRAFT_FILE, field: 'file' });
    expect(withFile.status).toBe(400);
    const large: [Uint8Array, string, string] = [new Uint8Array(6 * 1024 * 1024), 'big.pdf', 'application/pdf'];
    const largeFile = await call('PUT', draftPath, { body: form({ title: 'Prices' }, large) });
    expect([largeFile.status, largeFile.body.field]).toEqual([400, 'file']);
    expect((await call('GET', draftPath)).status).toBe(404);
    expect(await storedFiles()).toEqual(files);

    await t.deps.rebuilds.settled();
    const saved = await call('PUT', draftPath, {
      body: { title: 'Price list 2027', description: 'Every price of the year', published: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toEqual({ title: 'Price list 2027', description: 'Every price of the year' });
    // Multipart without a file, as the document's PUT takes it, changes the draft too.
    const multipart = await call('PUT', draftPath, { body: form({ description: 'Every price of 2027' }) });
    expect(multipart.body.draft?.fields).toEqual({ title: 'Price list 2027', description: 'Every price of 2027' });
    expect(rebuildAsked()).toBe(false);
    expect(await publicDocument(doc.id)).toMatchObject({ title: 'Price list', description: '' });
    const listed = (await call<{ results: AdminDocument[] }>('GET', '/api/admin/documents')).body.results.find(
      (d) => d.id === doc.id,
    );
    expect(listed).toMatchObject({ title: 'Price list', published: true, draft: { savedBy: 'Carol Customer' } });
  });

  it('takes a new file at once through the document’s own PUT, leaving the draft as it is', async () => {
    const replaced = await call('PUT', `/api/admin/documents/${doc.id}`, { body: form({}, docx()) });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.document).toMatchObject({
      title: 'Price list',
      content_type: DOCX,
      download_name: 'Price list.docx',
      draft: { savedBy: 'Carol Customer' },
    });
    expect(rebuildAsked()).toBe(true);
    expect((await publicDocument(doc.id))?.content_type).toBe(DOCX);
    expect((await call('GET', `/api/admin/documents/${doc.id}/draft`)).body.draft?.fields.title).toBe(
      'Price list 2027',
    );
    // The file is no version's field: the save keeps the document's words as they are now, after the draft's.
    const [newest] = await history(doc.id);
    expect(newest).toMatchObject({ number: 4, action: 'update', changed: ['Title', 'Description'], current: true });
  });

  it('is shown by its preview link with the draft’s words and the live file, never cached', async () => {
    const preview = await previewOf(doc.id);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'document',
      draft: true,
      published: true,
      item: {
        id: doc.id,
        title: 'Price list 2027',
        description: 'Every price of 2027',
        content_type: DOCX,
        url: `/api/documents/${doc.id}/download`,
      },
    });
  });

  it('becomes the live document when published, and every step is a version', async () => {
    await t.deps.rebuilds.settled();
    const published = await call('POST', `/api/admin/documents/${doc.id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { title: 'Price list 2027', published: true, content_type: DOCX, draft: null },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicDocument(doc.id)).toMatchObject({
      title: 'Price list 2027',
      description: 'Every price of 2027',
    });
    const revisions = await history(doc.id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [5, 'publish', ['Title', 'Description'], true],
      [4, 'update', ['Title', 'Description'], false],
      [3, 'draft', ['Description'], false],
      [2, 'draft', ['Title', 'Description'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , , , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/documents/${doc.id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'title')?.parts).toEqual([
      { value: 'Price list' },
      { value: ' 2027', added: true },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('target_id', '=', doc.id)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toBe('Document "Price list 2027" published from its draft');
  });

  it('restores a version as the draft while visitors keep the live document, and discards it', async () => {
    const first = (await history(doc.id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/documents/${doc.id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({
      message: REVISION_RESTORED,
      draft: { fields: { title: 'Price list', description: '' } },
    });
    expect((await publicDocument(doc.id))?.title).toBe('Price list 2027');
    const discarded = await call('DELETE', `/api/admin/documents/${doc.id}/draft`);
    expect(discarded.body).toMatchObject({ item: { title: 'Price list 2027', draft: null } });
    expect((await call('GET', `/api/admin/documents/${doc.id}/draft`)).status).toBe(404);
  });

  it('is deleted with the document and its versions', async () => {
    await call('PUT', `/api/admin/documents/${doc.id}/draft`, { body: { title: 'Price list 2028' } });
    expect((await call('DELETE', `/api/admin/documents/${doc.id}`)).status).toBe(200);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', doc.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', doc.id).execute()).toEqual([]);
    expect((await call('GET', `/api/admin/documents/${doc.id}/revisions`)).status).toBe(404);
  });
});

describe('the document’s own writes', () => {
  it('keep a version when its words change, none when only its state does', async () => {
    const doc = await create({ title: 'Terms', published: 'false' });
    expect((await call('PUT', `/api/admin/documents/${doc.id}`, { body: { title: 'Terms of sale' } })).status).toBe(
      200,
    );
    expect((await call('PATCH', `/api/admin/documents/${doc.id}`, { body: { published: true } })).status).toBe(200);
    expect((await history(doc.id)).map((r) => [r.action, r.changed])).toEqual([
      ['update', ['Title']],
      ['create', []],
    ]);
  });

  it('preview an unpublished document as it is saved', async () => {
    const doc = await create({ title: 'Draft memo', description: 'Not yet' });
    const preview = await previewOf(doc.id);
    expect(preview.body).toMatchObject({
      type: 'document',
      draft: false,
      published: false,
      item: { title: 'Draft memo', description: 'Not yet' },
    });
    expect(await publicDocument(doc.id)).toBeUndefined();
  });
});

describe('who reaches a document’s drafts', () => {
  it('is the content roles alone: an author, the shop manager and support are refused', async () => {
    const doc = await create({ title: 'Brochure', published: 'true' });
    const paths: [string, string, object?][] = [
      ['GET', `/api/admin/documents/${doc.id}/revisions`],
      ['GET', `/api/admin/documents/${doc.id}/draft`],
      ['PUT', `/api/admin/documents/${doc.id}/draft`, { title: 'Leaflet' }],
      ['POST', `/api/admin/documents/${doc.id}/draft/publish`],
      ['DELETE', `/api/admin/documents/${doc.id}/draft`],
      ['POST', `/api/admin/documents/${doc.id}/preview-link`],
    ];
    for (const token of [tokens.author, tokens.shop, tokens.support])
      for (const [method, path, body] of paths) expect((await call(method, path, { token, body })).status).toBe(403);
    expect((await call('PUT', `/api/admin/documents/${doc.id}/draft`, { body: { title: 'Leaflet' } })).status).toBe(
      200,
    );
    expect(
      (
        await call('PUT', `/api/admin/documents/${doc.id}/draft`, {
          token: tokens.admin,
          body: { title: 'Leaflet 2027' },
        })
      ).status,
    ).toBe(200);
    expect((await call('POST', `/api/admin/documents/${doc.id}/draft/publish`)).status).toBe(200);
    expect((await publicDocument(doc.id))?.title).toBe('Leaflet 2027');
    expect((await call('GET', '/api/admin/documents/nope/revisions')).status).toBe(404);
  });
});

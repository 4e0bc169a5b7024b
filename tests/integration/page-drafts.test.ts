/**
 * Drafts, preview links and versions of simple pages, with the real app and database (SQLite and PostgreSQL): a draft
 * of a published page changes nothing visitors read until it is published, checked as the page's own PUT (an address
 * another page or the site has is refused now); its preview shows the draft; every save is a version that can be
 * restored; only the content roles reach any of it; a deleted page takes its draft and versions with it.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import type { AdminPage, PageDraft, PublicPage } from '../../src/shared/pages.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import { PAGE_SLUG_TAKEN } from '../../src/shared/schemas/page-admin.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '' };

type Body = ApiBody & { page?: AdminPage; item?: AdminPage; draft?: PageDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);
const create = async (body: object) => {
  const answer = await call('POST', '/api/admin/pages', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.page, 'created');
  return answer.body.page;
};
const publicPage = (slug: string) => client<PublicPage>('GET', `/api/pages/${slug}`, { token: null });
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/pages/${id}/revisions`)).body.revisions;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  return () => t.close();
});

describe('a draft of a published page', () => {
  let page: AdminPage;

  it('is saved without changing what visitors read, checked as the page’s own edit', async () => {
    page = await create({ title: 'Returns', content: '<p>Within 14 days.</p>', published: true });
    await create({ title: 'Shipping', slug: 'shipping', published: true });
    for (const [body, status, field] of [
      [{ title: '' }, 400, 'title'],
      [{ slug: 'shop' }, 400, 'slug'],
      [{ slug: 'shipping' }, 409, 'slug'],
      [{ content: 7 }, 400, 'content'],
    ] as const) {
      const refused = await call('PUT', `/api/admin/pages/${page._id}/draft`, { body });
      expect([refused.status, refused.body.field]).toEqual([status, field]);
      if (status === 409) expect(refused.body.message).toBe(PAGE_SLUG_TAKEN);
    }
    const saved = await call('PUT', `/api/admin/pages/${page._id}/draft`, {
      body: { content: '<p>Within 30 days.</p><script>x</script>', in_footer: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toEqual({ title: 'Returns', slug: 'returns', content: '<p>Within 30 days.</p>' });
    expect((await publicPage('returns')).body).toMatchObject({ content: '<p>Within 14 days.</p>', in_footer: false });
    const listed = (await call<{ results: AdminPage[] }>('GET', '/api/admin/pages')).body.results.find(
      (p) => p._id === page._id,
    );
    expect(listed?.draft?.savedBy).toBe('Carol Customer');
  });

  it('is shown by its preview link, then published, every step a version', async () => {
    const link = await call('POST', `/api/admin/pages/${page._id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.body).toMatchObject({ type: 'page', draft: true, item: { content: '<p>Within 30 days.</p>' } });

    const published = await call('POST', `/api/admin/pages/${page._id}/draft/publish`);
    expect(published.body).toMatchObject({ message: DRAFT_PUBLISHED, item: { draft: null } });
    expect((await publicPage('returns')).body.content).toBe('<p>Within 30 days.</p>');
    const revisions = await history(page._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Content'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/pages/${page._id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'content')?.parts).toEqual(
      expect.arrayContaining([
        { value: '14', removed: true },
        { value: '30', added: true },
      ]),
    );
  });

  it('restores a version as the draft; deleting the page takes its draft and versions', async () => {
    const first = (await history(page._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/pages/${page._id}/revisions/${first.id}/restore`);
    expect(restored.body).toMatchObject({
      message: REVISION_RESTORED,
      draft: { fields: { content: '<p>Within 14 days.</p>' } },
    });
    expect((await publicPage('returns')).body.content).toBe('<p>Within 30 days.</p>');
    expect((await call('DELETE', `/api/admin/pages/${page._id}`)).status).toBe(200);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', page._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', page._id).execute()).toEqual([]);
  });

  it('is the content roles’ alone', async () => {
    const other = await create({ title: 'Warranty', published: true });
    for (const token of [tokens.author, tokens.shop]) {
      const answer = await call('PUT', `/api/admin/pages/${other._id}/draft`, { token, body: { title: 'x' } });
      expect(answer.status).toBe(403);
      expect((await call('GET', `/api/admin/pages/${other._id}/revisions`, { token })).status).toBe(403);
    }
    expect((await call('GET', `/api/admin/pages/nope/revisions`)).status).toBe(404);
  });
});

/**
 * Drafts, preview links and versions of hero slides, with the real app, database and DATA_DIR (SQLite and
 * PostgreSQL): a draft of an active slide changes nothing visitors see until it is published, checked as the slide's
 * own PUT (multipart, a new picture kept for the draft alone); its showing and its order still change at once; its
 * preview is the hero with the draft in its place; every save keeps a version that can be restored; only the roles
 * that may change slides reach any of it.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_DISCARDED,
  DRAFT_NOT_FOUND,
  DRAFT_PUBLISHED,
  type PreviewAnswer,
  type PreviewLink,
} from '../../src/shared/drafts.ts';
import { REVISION_RESTORED, type RevisionHistory } from '../../src/shared/revisions.ts';
import { VIDEO_LINK_REQUIRED } from '../../src/shared/schemas/slider.ts';
import type { AdminSlider, SliderDraft } from '../../src/shared/sliders-admin.ts';
import type { ListResponse, Slider } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { slider?: Slider; item?: AdminSlider; draft?: SliderDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const stored = (url: string) => isStored(t.dataDir, url);
const formOf = (fields: Record<string, string>, image?: Blob) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', image, 'slide.png');
  return form;
};
const create = async (fields: Record<string, string>, colour = '#336699') => {
  const answer = await call('POST', '/api/sliders', { body: formOf(fields, await pngBlob(colour, 80, 40)) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.slider, 'created');
  return answer.body.slider;
};
const hero = async () => (await call<ListResponse<Slider>>('GET', '/api/sliders', { token: null })).body.results;
const heroSlide = async (id: string) => (await hero()).find((s) => s._id === id);
const listed = async (id: string) =>
  (await call<ListResponse<AdminSlider>>('GET', '/api/admin/sliders')).body.results.find((s) => s._id === id);
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/sliders/${id}/revisions`)).body.revisions;
const draftPath = (id: string) => `/api/admin/sliders/${id}/draft`;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'ann', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  return () => t.close();
});

describe('a draft of an active slide', () => {
  let slide: Slider;
  let other: Slider;
  let draftImage = '';
  const draftImages: string[] = [];

  it('is saved without changing the hero, checked as the slide’s own PUT, and listed as unpublished changes', async () => {
    other = await create({ title: 'Autumn sale', order: '0' }, '#aa3300');
    slide = await create({ title: 'Spring menu', subtitle: 'Fresh', order: '1', button1_text: 'Book' });
    for (const [fields, field] of [
      [{ button1_link: 'javascript:alert(1)' }, 'button1_link'],
      [{ contentAlignment: 'diagonal' }, 'contentAlignment'],
      [{ searchButton: '{"icon":"rocket"}' }, 'searchButton.icon'],
      [{ type: 'video', link: '' }, 'link'],
    ] as const) {
      const refused = await call('PUT', draftPath(slide._id), { body: formOf(fields) });
      expect([refused.status, refused.body.field], JSON.stringify(refused.body)).toEqual([400, field]);
      if (field === 'link') expect(refused.body.message).toBe(VIDEO_LINK_REQUIRED);
    }
    expect((await call('GET', draftPath(slide._id))).body.message).toBe(DRAFT_NOT_FOUND);

    const saved = await call('PUT', draftPath(slide._id), {
      body: formOf(
        { title: 'Summer menu', subtitle: 'Cold soups', contentAlignment: 'left', isActive: 'false', order: '7' },
        await pngBlob('#119944', 80, 40),
      ),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toMatchObject({
      title: 'Summer menu',
      subtitle: 'Cold soups',
      button1_text: 'Book',
    });
    draftImage = saved.body.draft?.fields.image ?? '';
    expect(draftImage).not.toBe(slide.image);
    expect(await stored(draftImage)).toBe(true);
    // Nothing public changed, and the draft took neither the showing nor the order.
    expect(await heroSlide(slide._id)).toMatchObject({
      title: 'Spring menu',
      subtitle: 'Fresh',
      image: slide.image,
      isActive: true,
      order: 1,
    });
    const card = await listed(slide._id);
    expect([card?.title, card?.draft?.savedAt]).toEqual(['Spring menu', saved.body.draft?.savedAt]);
  });

  it('leaves the slide’s showing and its order to change at once', async () => {
    const reordered = await call('PUT', '/api/admin/sliders/order', { body: { ids: [slide._id, other._id] } });
    expect(reordered.status).toBe(200);
    expect((await hero()).map((s) => s._id)).toEqual([slide._id, other._id]);
    expect((await call('GET', draftPath(slide._id))).body.draft?.fields.title).toBe('Summer menu');
  });

  it('is shown by its preview link as the hero with the draft in its place, never cached', async () => {
    const link = await call('POST', `/api/admin/sliders/${slide._id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    assert(preview.body.type === 'slider', 'a slide');
    expect(preview.body).toMatchObject({ draft: true, published: true });
    expect(preview.body.item.slide).toMatchObject({ _id: slide._id, title: 'Summer menu', image: draftImage });
    expect(preview.body.item.slides.map((s) => [s._id, s.title])).toEqual([
      [slide._id, 'Summer menu'],
      [other._id, 'Autumn sale'],
    ]);
  });

  it('becomes the live slide when published, its old picture released, and every step is a version', async () => {
    const published = await call('POST', `${draftPath(slide._id)}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { title: 'Summer menu', image: draftImage, draft: null },
    });
    expect(await heroSlide(slide._id)).toMatchObject({
      title: 'Summer menu',
      contentAlignment: 'left',
      image: draftImage,
      isActive: true,
      order: 0,
    });
    // The first picture stays while a version names it.
    expect(await stored(slide.image)).toBe(true);
    const revisions = await history(slide._id);
    expect(revisions.map((r) => [r.number, r.action, r.current])).toEqual([
      [3, 'publish', true],
      [2, 'draft', false],
      [1, 'create', false],
    ]);
    expect(revisions[1]?.changed).toEqual(['Title', 'Subtitle', 'Picture', 'Content alignment']);
  });

  it('restores a version as the draft with its picture, and a discard releases nothing the slide names', async () => {
    const first = (await history(slide._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/sliders/${slide._id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ title: 'Spring menu', image: slide.image });
    expect(await heroSlide(slide._id)).toMatchObject({ title: 'Summer menu', image: draftImage });

    const discarded = await call('DELETE', draftPath(slide._id));
    expect(discarded.body).toMatchObject({ message: DRAFT_DISCARDED, item: { title: 'Summer menu', draft: null } });
    expect([await stored(slide.image), await stored(draftImage)]).toEqual([true, true]);
  });

  it('keeps a discarded draft’s picture while its version names it, and the hero never saw it', async () => {
    const saved = await call('PUT', draftPath(slide._id), {
      body: formOf({ title: 'Winter menu' }, await pngBlob('#222288', 80, 40)),
    });
    const onlyDrafts = saved.body.draft?.fields.image ?? '';
    expect((await call('DELETE', draftPath(slide._id))).status).toBe(200);
    expect(await stored(onlyDrafts)).toBe(true);
    expect(await heroSlide(slide._id)).toMatchObject({ title: 'Summer menu', image: draftImage });
    draftImages.push(onlyDrafts);
  });

  it('goes with the slide, with its versions and their pictures', async () => {
    await call('PUT', draftPath(slide._id), { body: formOf({ title: 'Last words' }) });
    expect((await call('DELETE', `/api/sliders/${slide._id}`)).status).toBe(200);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', slide._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', slide._id).execute()).toEqual([]);
    for (const picture of [slide.image, draftImage, ...draftImages]) expect(await stored(picture)).toBe(false);
    expect((await call('GET', draftPath(slide._id))).status).toBe(404);
  });
});

describe('an inactive slide', () => {
  it('previews in the place it will take among the active slides, as not shown yet', async () => {
    const shown = await create({ title: 'Shown', order: '0' });
    const hidden = await create({ title: 'Hidden', order: '5', isActive: 'false' });
    const link = await call('POST', `/api/admin/sliders/${hidden._id}/preview-link`);
    const token = new URL(link.body.link?.url ?? 'http://x').searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    assert(preview.body.type === 'slider', 'a slide');
    expect(preview.body).toMatchObject({ draft: false, published: false });
    const order = preview.body.item.slides.map((s) => s._id);
    expect(order.at(-1)).toBe(hidden._id);
    expect(order.indexOf(shown._id)).toBe(0);
    expect(await heroSlide(hidden._id)).toBeUndefined();
  });
});

describe('who may keep a draft of a slide', () => {
  it('is an editor or the admin; an author, a shop manager and support are refused', async () => {
    const slide = await create({ title: 'Guarded' });
    for (const token of [tokens.author, tokens.shop, tokens.support]) {
      const answer = await call('PUT', draftPath(slide._id), { token, body: formOf({ title: 'x' }) });
      expect(answer.status).toBe(403);
      expect((await call('GET', `/api/admin/sliders/${slide._id}/revisions`, { token })).status).toBe(403);
      expect((await call('POST', `/api/admin/sliders/${slide._id}/preview-link`, { token })).status).toBe(403);
    }
    const byAdmin = await call('PUT', draftPath(slide._id), { token: tokens.admin, body: formOf({ title: 'Mine' }) });
    expect(byAdmin.status).toBe(200);
    expect((await call('POST', `${draftPath(slide._id)}/publish`, { token: tokens.admin })).status).toBe(200);
    expect((await call('GET', '/api/admin/sliders/nope/revisions')).status).toBe(404);
  });
});

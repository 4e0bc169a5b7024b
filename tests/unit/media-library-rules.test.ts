/** The media library's pure rules: a file's URL as records keep it, references rewritten, the list's filters and order. */
import { describe, expect, it } from 'vitest';
import { srcSetFor } from '../../src/shared/image-variants.ts';
import { mediaAddress, objectPositionOf, presentedMediaUrl, versionOf } from '../../src/shared/media-url.ts';
import { mediaItem } from '../helpers/media-item.ts';
import { represented } from '../../src/server/media/media-references.ts';
import { inlinePictureIds, withInlineAlt } from '../../src/server/media/inline-pictures.ts';
import { selectMediaPage } from '../../src/server/modules/media-library/library-list.ts';
import { titleFromFileName } from '../../src/server/modules/media-library/library.service.ts';

const ID = '0a1b2c3d-1111-4222-8333-444455556666';
const ADDRESS = `/media/${ID}.webp`;

describe('a stored file’s URL', () => {
  it('is the bare address until the file is replaced or its focal point moves', () => {
    expect(presentedMediaUrl(ADDRESS, { version: 1, focalX: 50, focalY: 50 })).toBe(ADDRESS);
    expect(presentedMediaUrl(ADDRESS, { version: 3, focalX: 50, focalY: 50 })).toBe(`${ADDRESS}?v=3`);
    expect(presentedMediaUrl(ADDRESS, { version: 1, focalX: 20, focalY: 50 })).toBe(`${ADDRESS}?fp=20,50`);
    expect(presentedMediaUrl(ADDRESS, { version: 2, focalX: 0, focalY: 100 })).toBe(`${ADDRESS}?v=2&fp=0,100`);
    // Inside rich text a picture shows whole: the version only.
    expect(presentedMediaUrl(ADDRESS, { version: 2, focalX: 0, focalY: 100 }, false)).toBe(`${ADDRESS}?v=2`);
  });

  it('gives back its address, version and focal point', () => {
    expect(mediaAddress(`${ADDRESS}?v=2&fp=1,2`)).toBe(ADDRESS);
    expect(mediaAddress(ADDRESS)).toBe(ADDRESS);
    expect(versionOf(`${ADDRESS}?v=12&fp=1,2`)).toBe(12);
    expect(versionOf(`${ADDRESS}?fp=1,2&v=4`)).toBe(4);
    expect(versionOf(ADDRESS)).toBe(1);
    expect(objectPositionOf(`${ADDRESS}?v=2&fp=30,70`)).toBe('30% 70%');
    expect(objectPositionOf(ADDRESS)).toBeUndefined();
    expect(objectPositionOf(`${ADDRESS}?fp=300,70`)).toBeUndefined();
    expect(objectPositionOf(`${ADDRESS}?fp=30;x`)).toBeUndefined();
  });

  it('keeps its version in every variant of the srcset', () => {
    expect(srcSetFor(`${ADDRESS}?v=2&fp=30,70`)?.split(', ')[0]).toBe(`/media/${ID}-w480.avif?v=2 480w`);
    expect(srcSetFor(ADDRESS)?.split(', ')[0]).toBe(`/media/${ID}-w480.avif 480w`);
    expect(srcSetFor('/placeholder.webp')).toBeUndefined();
  });
});

describe('references rewritten for a new version or focal point', () => {
  const shown = { version: 3, focalX: 10, focalY: 90 };

  it('gives a URL standing alone the version and focal point, whatever query it had', () => {
    expect(represented(ADDRESS, ID, shown, false)).toBe(`${ADDRESS}?v=3&fp=10,90`);
    expect(represented(`${ADDRESS}?v=2&fp=1,1`, ID, shown, false)).toBe(`${ADDRESS}?v=3&fp=10,90`);
  });

  it('gives pictures inside HTML the version only, variants in a srcset too, and leaves other files alone', () => {
    const other = '/media/99999999-1111-4222-8333-444455556666.webp';
    const html = `<img src="${ADDRESS}?v=2" srcset="/media/${ID}-w480.avif?v=2 480w, /media/${ID}-w720.avif 720w"><img src="${other}">`;
    expect(represented(html, ID, shown, true)).toBe(
      `<img src="${ADDRESS}?v=3" srcset="/media/${ID}-w480.avif?v=3 480w, /media/${ID}-w720.avif?v=3 720w"><img src="${other}">`,
    );
  });
});

describe('pictures inside rich text', () => {
  it('finds the stored pictures an HTML text shows, once each', () => {
    const html = `<p><img alt="" src="${ADDRESS}?v=2"></p><img src='${ADDRESS}'><img src="/logo.png"><a href="${ADDRESS}">x</a>`;
    expect(inlinePictureIds(html)).toEqual([ID]);
    expect(inlinePictureIds('<p>none</p>')).toEqual([]);
  });

  it('gives every <img> of the picture its new alt text, and leaves a text without it as it is', async () => {
    const html = `<figure><img src="${ADDRESS}?v=2" alt="old"><figcaption>c</figcaption></figure><img src="/x.png" alt="x">`;
    expect(await withInlineAlt(html, ID, 'Red "roses"')).toBe(
      `<figure><img src="${ADDRESS}?v=2" alt="Red &quot;roses&quot;"><figcaption>c</figcaption></figure><img src="/x.png" alt="x">`,
    );
    expect(await withInlineAlt('<p>none</p>', ID, 'x')).toBe('<p>none</p>');
  });
});

describe('the library list', () => {
  const item = mediaItem;
  const items = [
    item('a', { title: 'Harbour', tags: ['sea'], createdAt: '2026-12-01T10:00:00.000Z', bytes: 300, useCount: 2 }),
    item('b', { title: 'bells', kind: 'audio', createdAt: '2026-12-02T10:00:00.000Z', bytes: 900 }),
    item('c', {
      title: 'Anchor',
      alt: 'An old anchor by the sea',
      tags: ['sea', 'iron'],
      createdAt: '2026-11-30T10:00:00.000Z',
    }),
  ];

  it('filters by kind, tag, search words and unused, and sorts as asked', () => {
    const ids = (query: Parameters<typeof selectMediaPage>[1]) => selectMediaPage(items, query).items.map((i) => i.id);
    expect(ids({})).toEqual(['b', 'a', 'c']);
    expect(ids({ sort: 'oldest' })).toEqual(['c', 'a', 'b']);
    expect(ids({ sort: 'title' })).toEqual(['c', 'b', 'a']);
    expect(ids({ sort: 'largest' })).toEqual(['b', 'a', 'c']);
    expect(ids({ kind: 'audio' })).toEqual(['b']);
    expect(ids({ tag: 'SEA' })).toEqual(['a', 'c']);
    expect(ids({ q: 'sea old' })).toEqual(['c']);
    expect(ids({ unused: 'true' })).toEqual(['b', 'c']);
    expect(selectMediaPage(items, {}).tags).toEqual(['iron', 'sea']);
  });

  it('pages by 48 and answers the last page for one past it', () => {
    const many = Array.from({ length: 50 }, (_, i) => item(`m${String(i).padStart(2, '0')}`, {}));
    expect(selectMediaPage(many, { page: 2 })).toMatchObject({ total: 50, page: 2, pageSize: 48 });
    expect(selectMediaPage(many, { page: 2 }).items).toHaveLength(2);
    expect(selectMediaPage(many, { page: 9 }).page).toBe(2);
    expect(selectMediaPage([], { page: 3 })).toMatchObject({ total: 0, page: 1, items: [] });
  });
});

describe('a title from a file name', () => {
  it('drops the extension and reads separators as spaces', () => {
    expect(titleFromFileName('harbour-at_dusk.final.png')).toBe('harbour at dusk.final');
    expect(titleFromFileName('  __.png')).toBe('');
    expect(titleFromFileName(undefined)).toBe('');
    expect(titleFromFileName(`${'x'.repeat(300)}.png`)).toHaveLength(200);
  });
});

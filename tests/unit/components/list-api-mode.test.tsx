/**
 * A list too long to fetch whole: its page gives the island `apiPath`, and the island asks the API for each filtered
 * page instead of loading the data file. The stub answers as the server does (src/server/modules/content/
 * filtered-lists.ts): the section reads the query, applies itself to the list, and one page goes back with the total.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListSource } from '../../../src/components/lists/use-filtered-list.ts';
import AudioLibrary from '../../../src/components/media/AudioLibrary.tsx';
import PhotoGallery from '../../../src/components/media/PhotoGallery.tsx';
import { audioSection } from '../../../src/lib/filters/audio.ts';
import type { FilterValues, ListSection } from '../../../src/lib/filters/core.ts';
import { photoSection } from '../../../src/lib/filters/photos.ts';
import type { AudioListItem } from '../../../src/lib/lists/list-data.ts';
import { listPageItems } from '../../../src/lib/lists/list-pages.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { Photo } from '../../../src/shared/types.ts';
import { audio, photo } from './helpers/list-items.ts';
import { deferred } from './helpers/browser.ts';
import { settle } from './helpers/list-data.ts';

const DATA_URL = '/data/photos.0123456789ab.json';
const API_PATH = '/api/photos';
/** 60 photos, the first 50 in Nature. */
const PHOTOS = Array.from({ length: 60 }, (_, i) => photo(i, i < 50 ? 'Nature' : 'People'));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface ApiStub {
  /** The query of each request to the API list, without the page (limit and offset are checked apart). */
  asked: () => URLSearchParams[];
  dataRequests: () => number;
  /** Holds every later answer back until the returned release is called. */
  hold: () => () => Promise<void>;
}

/**
 * Answers `apiPath` as the server does for `section` over `items`, and any data file (so asking it shows); anything
 * else (the cards' like counts) with 404.
 */
function stubApi<T>(
  apiPath: string,
  items: readonly T[],
  section: ListSection<T, FilterValues>,
  { fail = false } = {},
): ApiStub {
  const asked: URLSearchParams[] = [];
  let data = 0;
  let gate: Promise<unknown> = Promise.resolve();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      if (url.pathname.startsWith('/data/')) {
        data += 1;
        return json(200, items);
      }
      if (url.pathname !== apiPath) return json(404, { message: 'Not found' });
      asked.push(url.searchParams);
      await gate;
      if (fail) return json(503, { message: 'Busy' });
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matched = section.apply(items, section.fromQuery(url.searchParams, items), new Date());
      return json(200, { results: matched.slice(offset, offset + limit), total: matched.length });
    }),
  );
  return {
    asked: () => asked,
    dataRequests: () => data,
    hold: () => {
      const opened = deferred<undefined>();
      gate = opened.promise;
      return async () => {
        opened.resolve(undefined);
        await settle();
      };
    },
  };
}

const names = () => [...document.querySelectorAll('article h2')].map((h) => h.textContent);
const showMore = () => screen.queryByRole('button', { name: 'Show more' });
const click = (element: HTMLElement) => act(() => Promise.resolve(fireEvent.click(element)));
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
/** A request's filters, without the page and the time zone every request names. */
const withoutPage = (params: URLSearchParams) => {
  const rest = new URLSearchParams(params);
  for (const key of ['limit', 'offset', 'tz']) rest.delete(key);
  return rest.toString();
};

beforeEach(() => history.replaceState(null, '', '/photos'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a list island in API mode', () => {
  const section = photoSection as unknown as ListSection<Photo, FilterValues>;
  const ordered = section.apply(PHOTOS, section.defaults, new Date());
  let api: ApiStub;

  function open(options: { fail?: boolean } = {}) {
    api = stubApi(API_PATH, PHOTOS, section, options);
    const source: ListSource<Photo> = {
      dataUrl: DATA_URL,
      total: ordered.length,
      firstScreen: listPageItems(ordered, 1),
      apiPath: API_PATH,
    };
    render(
      <PhotoGallery categories={defaultCategories('photo')} source={source}>
        <nav data-testid="pager">Pages</nav>
      </PhotoGallery>,
    );
  }

  it('keeps the first screen and asks nothing until the filters change; never loads the data file', async () => {
    open();
    await settle();
    expect(names()).toHaveLength(24);
    expect(screen.getByText('60 photos')).toBeTruthy();
    expect(screen.getByTestId('pager')).toBeTruthy();
    expect(api.asked()).toHaveLength(0);
    expect(api.dataRequests()).toBe(0);
  });

  it('asks the first page of the filtered list, then each next page on Show more', async () => {
    open();
    await settle();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Nature' } });
    await settle();
    expect(screen.getByText('50 photos')).toBeTruthy();
    expect(names()).toHaveLength(24);
    expect(names()[0]).toBe('Item 49');
    expect(screen.queryByTestId('pager')).toBeNull();
    const [first] = api.asked();
    assert(first, 'the first page was asked');
    expect(withoutPage(first)).toBe('category=Nature');
    expect([first.get('limit'), first.get('offset')]).toEqual(['24', '0']);
    // The visitor's days, for lists whose windows are days ("today", "tomorrow").
    expect(first.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const button = showMore();
    assert(button, 'Show more under 24 of 50');
    await click(button);
    await settle();
    expect(names()).toHaveLength(48);
    expect(api.asked().at(-1)?.get('offset')).toBe('24');
    const again = showMore();
    assert(again, 'Show more under 48 of 50');
    await click(again);
    await settle();
    expect(names()).toHaveLength(50);
    expect(names().at(-1)).toBe('Item 00');
    expect(showMore()).toBeNull();
    expect(api.dataRequests()).toBe(0);
  });

  it('shows Loading… while a page is on its way, and the button waits for it', async () => {
    open();
    await settle();
    const release = api.hold();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Nature' } });
    await settle();
    expect(screen.getByText('Loading…')).toBeTruthy();
    await release();
    const button = showMore();
    assert(button, 'Show more under 24 of 50');
    const next = api.hold();
    await click(button);
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveProperty('disabled', true);
    await next();
    expect(names()).toHaveLength(48);
  });

  it('asks once a pause in typing has come, not for each letter', async () => {
    open();
    await settle();
    const box = screen.getByRole('searchbox');
    for (const text of ['I', 'It', 'Ite', 'Item 05']) fireEvent.change(box, { target: { value: text } });
    await pause(50);
    expect(api.asked()).toHaveLength(0);
    await pause(300);
    await settle();
    expect(api.asked().map(withoutPage)).toEqual(['q=Item+05']);
    expect(screen.getByText('1 photo')).toBeTruthy();
  });

  it('draws the answer to the newest filters even when an older answer comes later', async () => {
    open();
    await settle();
    const release = api.hold();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'People' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Nature' } });
    await release();
    expect(api.asked().map(withoutPage)).toEqual(['category=People', 'category=Nature']);
    expect(screen.getByText('50 photos')).toBeTruthy();
    expect(names()[0]).toBe('Item 49');
  });

  it('after Reset asks the defaults in the list order, with the whole count', async () => {
    open();
    await settle();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'People' } });
    await settle();
    expect(screen.getByText('10 photos')).toBeTruthy();
    await click(screen.getByRole('button', { name: /reset/i }));
    await settle();
    expect(api.asked().map(withoutPage).at(-1)).toBe(`sort=${section.defaults['sort']}`);
    expect(screen.getByText('60 photos')).toBeTruthy();
    expect(names()).toEqual(ordered.slice(0, 24).map((p) => p.title));
    expect(showMore()).not.toBeNull();
  });

  it("keeps the page's own cards and pager when the API cannot answer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open({ fail: true });
    await settle();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Nature' } });
    await pause(700);
    await settle();
    expect(names()).toHaveLength(24);
    expect(screen.getByTestId('pager')).toBeTruthy();
    expect(screen.getByText('60 photos')).toBeTruthy();
  });
});

describe('the audio panel in API mode', () => {
  it("offers every type's categories from the build's panel items, not only the first screen's", async () => {
    // The newest 24 are all Jazz music; the only podcast, in Interviews, is on no first screen.
    const items = [
      audio(0, 'Podcast', 'Interviews'),
      ...Array.from({ length: 30 }, (_, i) => audio(i + 1, 'Music', 'Jazz')),
    ];
    const section = audioSection as unknown as ListSection<AudioListItem, FilterValues>;
    const ordered = section.apply(items, section.defaults, new Date());
    stubApi('/api/audios', items, section);
    render(
      <AudioLibrary
        categories={defaultCategories('audio')}
        source={{
          dataUrl: '/data/audios.0123456789ab.json',
          total: items.length,
          firstScreen: listPageItems(ordered, 1),
          apiPath: '/api/audios',
          panelItems: items.slice(0, 2).reverse(),
        }}
      />,
    );
    await settle();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'Podcast' } });
    await settle();
    const options = [...screen.getByLabelText<HTMLSelectElement>('Category').options].map((o) => o.value);
    expect(options).toEqual(['all', 'Interviews']);
    expect(names()).toEqual(['Item 00']);
  });
});

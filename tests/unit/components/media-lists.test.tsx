/**
 * The photo, video and audio lists: the island draws this page's first screen itself (from the build's props, at
 * once), shows the page's pager until the filters change, and filters the data file it loads after mounting.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import AudioLibrary from '../../../src/components/media/AudioLibrary.tsx';
import PhotoGallery from '../../../src/components/media/PhotoGallery.tsx';
import VideoBrowser from '../../../src/components/media/VideoBrowser.tsx';
import type { ListSource } from '../../../src/components/lists/use-filtered-list.ts';
import { audioSection } from '../../../src/lib/filters/audio.ts';
import type { FilterValues, ListSection } from '../../../src/lib/filters/core.ts';
import { photoSection } from '../../../src/lib/filters/photos.ts';
import { videoSection } from '../../../src/lib/filters/videos.ts';
import { listPageItems } from '../../../src/lib/lists/list-pages.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import { settle, stubListData, type ListDataStub } from './helpers/list-data.ts';
import { audio, photo, video } from './helpers/list-items.ts';

interface ListCase {
  name: string;
  dataUrl: string;
  noun: string;
  /** 60 items, the first 50 of them matching `filter`. */
  items: unknown[];
  section: ListSection<unknown, FilterValues>;
  filter: [label: string, value: string];
  /** What stands in the list while the data is on its way after a change (the spec's photo skeletons). */
  loading: 'cards' | 'skeletons';
  render: (source: ListSource<never>, pager: ReactNode) => ReactNode;
}

const many = <T,>(make: (i: number, kind: 'match' | 'other') => T) =>
  Array.from({ length: 60 }, (_, i) => make(i, i < 50 ? 'match' : 'other'));

const CASES: ListCase[] = [
  {
    name: 'PhotoGallery',
    dataUrl: '/data/photos.0123456789ab.json',
    noun: 'photos',
    items: many((i, kind) => photo(i, kind === 'match' ? 'Nature' : 'People')),
    section: photoSection as unknown as ListSection<unknown, FilterValues>,
    filter: ['Category', 'Nature'],
    loading: 'skeletons',
    render: (source, pager) => (
      <PhotoGallery categories={defaultCategories('photo')} source={source}>
        {pager}
      </PhotoGallery>
    ),
  },
  {
    name: 'VideoBrowser',
    dataUrl: '/data/videos.0123456789ab.json',
    noun: 'videos',
    items: many((i, kind) => video(i, kind === 'match' ? 'Music' : 'News')),
    section: videoSection as unknown as ListSection<unknown, FilterValues>,
    filter: ['Category', 'Music'],
    loading: 'cards',
    render: (source, pager) => (
      <VideoBrowser categories={defaultCategories('video')} source={source}>
        {pager}
      </VideoBrowser>
    ),
  },
  {
    name: 'AudioLibrary',
    dataUrl: '/data/audios.0123456789ab.json',
    noun: 'items',
    items: many((i, kind) => audio(i, kind === 'match' ? 'Podcast' : 'Music')),
    section: audioSection as unknown as ListSection<unknown, FilterValues>,
    filter: ['Type', 'Podcast'],
    loading: 'cards',
    render: (source, pager) => (
      <AudioLibrary categories={defaultCategories('audio')} source={source}>
        {pager}
      </AudioLibrary>
    ),
  },
];

const names = () => [...document.querySelectorAll('article h2')].map((h) => h.textContent);
const showMore = () => screen.queryByRole('button', { name: 'Show more' });
const click = (element: HTMLElement) => act(() => Promise.resolve(fireEvent.click(element)));

beforeEach(() => history.replaceState(null, '', '/list'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each(CASES)('$name', ({ dataUrl, noun, items, section, filter: [field, value], loading, render: island }) => {
  let data: ListDataStub;
  const ordered = section.apply(items, section.defaults, new Date());
  const firstScreen = listPageItems(ordered, 1);
  const firstNames = ['Item 59', 'Item 58'];

  /** The list's first page as the build passes it: this page's 24 items, the whole list's count, and the pager. */
  function open({ hold = false } = {}) {
    data = stubListData(dataUrl, items, { hold });
    render(
      island(
        { dataUrl, total: ordered.length, firstScreen: firstScreen as never[] },
        <nav data-testid="pager">Pages</nav>,
      ),
    );
  }

  it('draws the first screen at once, with the pager and the total, and loads the data file once', async () => {
    open({ hold: true });
    // Before any answer: the build's items are there already.
    expect(names()).toHaveLength(24);
    expect(names().slice(0, 2)).toEqual(firstNames);
    expect(screen.getByTestId('pager')).toBeTruthy();
    expect(screen.getByText(`60 ${noun}`)).toBeTruthy();
    expect(showMore()).toBeNull();
    const before = [...document.querySelectorAll('article')];
    await data.release();
    // The data changes nothing on screen while the filters are the defaults.
    const after = [...document.querySelectorAll('article')];
    expect(after).toHaveLength(24);
    after.forEach((card, i) => expect(card).toBe(before[i]));
    expect(screen.getByTestId('pager')).toBeTruthy();
    expect(data.dataRequests()).toBe(1);
    expect(data.fetch.mock.calls.find(([url]) => url === dataUrl)).toBeTruthy();
  });

  it('after a change before the data arrives reads Loading…, then draws the filtered list without the pager', async () => {
    open({ hold: true });
    await settle();
    fireEvent.change(screen.getByLabelText(field), { target: { value } });
    expect(screen.getByText('Loading…')).toBeTruthy();
    if (loading === 'skeletons') {
      expect(screen.getAllByTestId('photo-skeleton')).toHaveLength(8);
      expect(names()).toEqual([]);
    } else expect(names().slice(0, 2)).toEqual(firstNames);
    // The pager stays until the island has its own list to show.
    expect(screen.getByTestId('pager')).toBeTruthy();
    await data.release();
    expect(screen.getByText(`50 ${noun}`)).toBeTruthy();
    expect(screen.queryByTestId('pager')).toBeNull();
    expect(names()).toHaveLength(24);
    expect(names()[0]).toBe('Item 49');
    expect(new URLSearchParams(location.search).get(field === 'Type' ? 'type' : 'category')).toBe(value);
  });

  it('shows 24 more per Show more, and starts again at 24 for new filters', async () => {
    open();
    await settle();
    fireEvent.change(screen.getByLabelText(field), { target: { value } });
    await settle();
    expect(names()).toHaveLength(24);
    const button = showMore();
    assert(button, 'a Show more button under 24 of 50');
    await click(button);
    expect(names()).toHaveLength(48);
    const again = showMore();
    assert(again, 'a Show more button under 48 of 50');
    await click(again);
    expect(names()).toHaveLength(50);
    expect(showMore()).toBeNull();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Item' } });
    expect(names()).toHaveLength(24);
    expect(showMore()).not.toBeNull();
    expect(data.dataRequests()).toBe(1);
  });

  it('applies a shared link once the data arrives', async () => {
    history.replaceState(null, '', `/list?${field === 'Type' ? 'type' : 'category'}=${value}`);
    open({ hold: true });
    await settle();
    expect(screen.getByLabelText<HTMLSelectElement>(field).value).toBe(value);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await data.release();
    expect(screen.getByText(`50 ${noun}`)).toBeTruthy();
    expect(names()[0]).toBe('Item 49');
    expect(screen.queryByTestId('pager')).toBeNull();
  });
});

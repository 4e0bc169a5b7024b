import { fireEvent, render, screen, within } from '@testing-library/react';
import { assert, describe, expect, it, vi } from 'vitest';
import FilterPanel from '../../../src/components/lists/FilterPanel.tsx';
import { audioSection } from '../../../src/lib/filters/audio.ts';
import { blogSection } from '../../../src/lib/filters/blogs.ts';
import type { FilterValues, ListSection } from '../../../src/lib/filters/core.ts';
import { eventSection } from '../../../src/lib/filters/events.ts';
import { photoSection } from '../../../src/lib/filters/photos.ts';
import { searchSection } from '../../../src/lib/filters/search.ts';
import { shopSection } from '../../../src/lib/filters/shop.ts';
import { videoSection } from '../../../src/lib/filters/videos.ts';
import type { AudioListItem } from '../../../src/lib/lists/list-data.ts';

/** Renders a section's panel at its defaults; the handlers are spies. */
function renderPanel<T>(section: ListSection<T, FilterValues>, items: readonly T[] = []) {
  const handlers = { onChange: vi.fn(), onReset: vi.fn() };
  render(
    <FilterPanel
      panel={section.panel(items, section.defaults)}
      values={section.defaults}
      count={2}
      noun="things"
      {...handlers}
    />,
  );
  return handlers;
}

const labels = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);
/** The table holds sections of different item and filter types. */
const asAny = (section: unknown) => section as ListSection<unknown, FilterValues>;

// The spec's texts, written out here rather than read from the declarations, so a changed label fails.
const SORT = 'Sort by';
describe.each<[string, ListSection<unknown, FilterValues>, string | null, [string, string[]][]]>([
  [
    'shop',
    asAny(shopSection),
    'Search products...',
    [
      ['Category', ['All Categories', 'Electronics', 'Clothing', 'Books', 'Accessories']],
      ['Price', ['All Prices', 'Under $50', '$50-$100', '$100-$500', 'Over $500']],
      [SORT, ['Newest', 'Price: Low to High', 'Price: High to Low', 'Most Popular']],
    ],
  ],
  [
    'blogs',
    asAny(blogSection),
    'Search posts...',
    [
      ['Category', ['All Categories', 'Technology', 'Lifestyle', 'Travel', 'Food', 'Business']],
      ['Timeframe', ['All Time', 'Today', 'This Week', 'This Month', 'This Year']],
      [SORT, ['Newest', 'Oldest', 'Most Viewed', 'Most Commented']],
    ],
  ],
  [
    'events',
    asAny(eventSection),
    'Search events...',
    [
      ['Category', ['All Categories', 'Concert', 'Festival', 'Exhibition', 'Conference', 'Workshop', 'Sport', 'Other']],
      ['Timeframe', ['All Dates', 'Today', 'Tomorrow', 'This Week', 'This Month', 'This Year']],
      ['Location', ['All Locations', 'Local', 'National', 'International', 'Virtual']],
      [SORT, ['Date: Soonest', 'Date: Latest', 'Most Popular', 'Price: Low to High', 'Price: High to Low']],
    ],
  ],
  [
    'photos',
    asAny(photoSection),
    'Search photos...',
    [
      ['Category', ['All Categories', 'Nature', 'Architecture', 'People', 'Events', 'Abstract', 'Other']],
      ['Resolution', ['All Resolutions', 'HD 720p', 'Full HD 1080p', '2K', '4K', '8K']],
      [SORT, ['Newest', 'Most Viewed', 'Most Liked', 'Most Downloaded']],
    ],
  ],
  [
    'videos',
    asAny(videoSection),
    'Search videos...',
    [
      ['Category', ['All Categories', 'Entertainment', 'Education', 'Music', 'Sports', 'Gaming', 'News']],
      ['Duration', ['Any Duration', 'Under 1 min', '1-5 mins', '5-15 mins', '15-30 mins', 'Over 30 mins']],
      ['Quality', ['All Qualities', 'HD', 'Full HD', '2K', '4K', '8K']],
      [SORT, ['Newest', 'Most Viewed', 'Most Liked', 'Trending']],
    ],
  ],
  [
    'audio',
    asAny(audioSection),
    'Search audio...',
    [
      ['Type', ['All Types', 'Music', 'Podcast', 'Audiobook', 'Interview', 'Live Recording', 'Sound Effect']],
      ['Category', ['All Categories']],
      ['Duration', ['Any Duration', 'Under 5 mins', '5-15 mins', '15-30 mins', '30-60 mins', 'Over 60 mins']],
      ['Quality', ['All Qualities', 'Low 128', 'Medium 192', 'High 320', 'Lossless']],
      [SORT, ['Newest', 'Most Played', 'Most Downloaded', 'Highest Rated', 'Most Reviewed']],
    ],
  ],
  [
    'search',
    asAny(searchSection),
    null,
    [
      ['Content type', ['All', 'Products', 'Blogs', 'Photos', 'Videos', 'Audio', 'Events']],
      ['Date range', ['Any time', 'Past 24 hours', 'Past week', 'Past month', 'Past year']],
      [SORT, ['Most Relevant', 'Newest', 'Oldest', 'Most Popular']],
      ['Price', ['All Prices', 'Free', 'Paid', 'Under $50', '$50-$100', 'Over $100']],
    ],
  ],
])('the %s panel', (_name, section, placeholder, selects) => {
  it('shows the spec’s selects, in order, with their options, each at its default', () => {
    renderPanel(section);
    const shown = within(screen.getByRole('region', { name: 'Filters' })).getAllByRole<HTMLSelectElement>('combobox');
    expect(shown.map((select) => select.closest('label')?.firstChild?.textContent)).toEqual(
      selects.map(([label]) => label),
    );
    selects.forEach(([label, options], i) => {
      const select = shown[i];
      assert(select, `the ${label} select`);
      expect(labels(select), label).toEqual(options);
      expect(select.selectedIndex, label).toBe(0);
    });
  });

  it(placeholder ? `has the search box '${placeholder}'` : 'has no search box', () => {
    renderPanel(section);
    const box = screen.queryByRole<HTMLInputElement>('searchbox');
    if (placeholder === null) {
      expect(box).toBeNull();
      return;
    }
    expect(box?.placeholder).toBe(placeholder);
    expect(box?.maxLength).toBe(200);
  });
});

describe('FilterPanel', () => {
  it('reports a changed select and typed text by key, and Reset Filters', () => {
    const { onChange, onReset } = renderPanel(asAny(shopSection));
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: 'over-500' } });
    expect(onChange).toHaveBeenLastCalledWith('price', 'over-500');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'lamp' } });
    expect(onChange).toHaveBeenLastCalledWith('q', 'lamp');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('shows the values it is given and the count with its noun', () => {
    const values = { ...shopSection.defaults, q: 'mug', category: 'Books' as const };
    render(
      <FilterPanel
        panel={shopSection.panel([], values)}
        values={values}
        onChange={() => undefined}
        onReset={() => undefined}
        count={1}
        noun="product"
      />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('Books');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('mug');
    expect(screen.getByText('1 product')).toBeTruthy();
  });

  it('reads Loading… instead of a count while the list is still on its way', () => {
    render(
      <FilterPanel
        panel={shopSection.panel([], shopSection.defaults)}
        values={shopSection.defaults}
        onChange={() => undefined}
        onReset={() => undefined}
        count={null}
        noun="products"
      />,
    );
    expect(screen.getByText('Loading…').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText(/products/)).toBeNull();
  });

  it('collapses the selects behind Show Filters on a small screen', () => {
    renderPanel(asAny(shopSection));
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    const controls = toggle.getAttribute('aria-controls');
    assert(controls, 'the toggle names what it shows');
    const grid = document.getElementById(controls);
    assert(grid, 'the element the toggle shows');
    expect(grid.className).toMatch(/(^| )hidden( |$)/);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide Filters');
    expect(grid.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it('lists the audio categories of the chosen type, read from the items', () => {
    const audio = (type: string, category: string) => ({ _id: `${type}-${category}`, type, category }) as AudioListItem;
    const items = [audio('Music', 'Rock'), audio('Music', 'Jazz'), audio('Podcast', 'Tech')];
    const values = { ...audioSection.defaults, type: 'Music' as const };
    render(
      <FilterPanel
        panel={audioSection.panel(items, values)}
        values={values}
        onChange={() => undefined}
        onReset={() => undefined}
        count={2}
        noun="items"
      />,
    );
    expect(labels(screen.getByLabelText<HTMLSelectElement>('Category'))).toEqual(['All Categories', 'Jazz', 'Rock']);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EventBrowser from '../../../src/components/events/EventBrowser.tsx';
import EventGrid from '../../../src/components/events/EventGrid.tsx';
import { eventSection } from '../../../src/lib/filters/events.ts';
import { defaultCategories } from '../../../src/shared/default-categories.ts';
import type { SiteEvent } from '../../../src/shared/types.ts';
import { settle, stubListData, type ListDataStub } from './helpers/list-data.ts';

const DATA_URL = '/data/events.0123456789ab.json';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
function event(name: string, start: string, over: Partial<SiteEvent> = {}): SiteEvent {
  return {
    _id: name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    timeZone: 'UTC',
    name,
    title: '',
    description: '',
    image: '',
    address: 'Quay 1',
    city: 'Harbour',
    start_date: start,
    end_date: start,
    date: start,
    location: '',
    category: 'Concert',
    eventType: 'local',
    isVirtual: false,
    registrations: 0,
    price: 0,
    ...over,
  };
}
const EVENTS: SiteEvent[] = [
  event('Jazz Night', inDays(2), { price: 25, registrations: 80 }),
  event('Remote Summit', inDays(20), { category: 'Conference', eventType: 'virtual', isVirtual: true, price: 0 }),
  event('Print Fair', inDays(60), { category: 'Exhibition', eventType: 'national', price: 10 }),
];

let data: ListDataStub;

/** The page's arrangement: the build's grid is the island's static children; the island loads the data file. */
async function openEvents({ hold = false } = {}) {
  data = stubListData(DATA_URL, EVENTS, { hold });
  const shown = eventSection.apply(EVENTS, eventSection.defaults, new Date());
  render(
    <EventBrowser
      categories={defaultCategories('event')}
      source={{ dataUrl: DATA_URL, total: shown.length }}
      currency="USD"
    >
      <div data-testid="built">
        <EventGrid events={shown} currency="USD" />
      </div>
    </EventBrowser>,
  );
  await settle();
}
const names = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => history.replaceState(null, '', '/events'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EventBrowser', () => {
  it('shows the static grid, soonest first, until a filter changes', async () => {
    await openEvents();
    expect(screen.getByTestId('built')).toBeTruthy();
    expect(data.dataRequests()).toBe(1);
    expect(names()).toEqual(['Jazz Night', 'Remote Summit', 'Print Fair']);
    expect(screen.getByText('3 events')).toBeTruthy();
  });

  it.each([
    ['Location', 'virtual', ['Remote Summit'], '?location=virtual'],
    ['Timeframe', 'week', ['Jazz Night'], '?timeframe=week'],
    ['Category', 'Exhibition', ['Print Fair'], '?category=Exhibition'],
    ['Sort by', 'price-desc', ['Jazz Night', 'Print Fair', 'Remote Summit'], '?sort=price-desc'],
    ['Sort by', 'popular', ['Jazz Night', 'Remote Summit', 'Print Fair'], '?sort=popular'],
  ])('%s = %s takes over the list and the URL', async (label, value, expected, query) => {
    await openEvents();
    choose(label, value);
    expect(screen.queryByTestId('built')).toBeNull();
    expect(names()).toEqual(expected);
    expect(location.search).toBe(query);
  });

  it('marks virtual events, searches the city and shows the empty text', async () => {
    await openEvents();
    choose('Location', 'virtual');
    expect(screen.getByText('Virtual', { selector: 'article span' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search events...'), { target: { value: 'nowhere' } });
    expect(screen.getByText('No events found')).toBeTruthy();
    expect(screen.getByText('0 events')).toBeTruthy();
  });

  it('reads a shared link and Reset Filters restores the defaults', async () => {
    history.replaceState(null, '', '/events?location=national&sort=nonsense');
    await openEvents({ hold: true });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByTestId('built')).toBeTruthy();
    await data.release();
    expect(screen.queryByTestId('built')).toBeNull();
    expect(names()).toEqual(['Print Fair']);
    expect(screen.getByText('1 event')).toBeTruthy();
    expect(location.search).toBe('?location=national');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Location').value).toBe('all');
    expect(names()).toEqual(['Jazz Night', 'Remote Summit', 'Print Fair']);
    expect(location.search).toBe('');
  });
});

/**
 * An event's page body (EventArticle) as its page and its draft's preview show it: the page puts its sign-up form or
 * tickets under 'Add to calendar'; the preview shows there that booking works on the published page, with nothing to
 * send, add to a cart or count. The page's own HTML is compared in tests/astro/event-details.test.ts.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EventArticle from '../../../src/components/events/EventArticle.tsx';
import EventPreview, { EVENT_PREVIEW_BOOKING } from '../../../src/components/events/EventPreview.tsx';
import { formatMoney } from '../../../src/lib/format/money.ts';
import type { SiteEvent } from '../../../src/shared/types.ts';

const EVENT: SiteEvent = {
  _id: 'e1',
  slug: 'harbour-festival',
  name: 'Harbour festival, night',
  title: 'Lanterns on the quay',
  description: 'Lanterns at dusk.\nBring a coat.',
  image: '/media/night.webp',
  address: '1 Quay Street',
  city: 'Portsmouth',
  start_date: '2030-07-01T16:00:00.000Z',
  end_date: '2030-07-01T19:00:00.000Z',
  date: '2030-07-01T16:00:00.000Z',
  location: 'The old dock',
  category: 'Music',
  eventType: 'local',
  isVirtual: false,
  registrations: 1,
  price: 0,
  timeZone: 'Europe/Paris',
};

describe('EventArticle', () => {
  it('shows the event as its page does, its booking part after Add to calendar', () => {
    const { container } = render(<EventArticle event={EVENT} currency="EUR" booking={<p>The sign-up form</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Harbour festival, night' })).toBeTruthy();
    expect(screen.getByText('Lanterns on the quay')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All events' }).getAttribute('href')).toBe('/events');
    const details = screen.getByRole('complementary', { name: 'Event details' });
    expect(within(details).getByText('Free')).toBeTruthy();
    expect(within(details).getByText('1 Quay Street, Portsmouth')).toBeTruthy();
    const text = details.textContent;
    expect(text.indexOf('The sign-up form')).toBeGreaterThan(text.indexOf('Add to calendar'));
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2030-07-01T18:00:00+02:00');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/night/);
    expect(container.querySelector('.whitespace-pre-line')?.textContent).toBe('Lanterns at dusk.\nBring a coat.');
  });
});

describe('EventPreview', () => {
  it('shows a free event’s sign-up as inert: nothing to send', () => {
    const { container } = render(<EventPreview event={EVENT} currency="EUR" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Register' })).toBeTruthy();
    expect(screen.getByText(EVENT_PREVIEW_BOOKING)).toBeTruthy();
    expect(container.querySelectorAll('form, input, button, [data-event-registration], [data-places]')).toHaveLength(0);
  });

  it('shows a paid event’s tickets as inert: its price, and nothing to add to a cart', () => {
    const { container } = render(<EventPreview event={{ ...EVENT, price: 12.5 }} currency="EUR" />);
    expect(screen.getByText(formatMoney(1250, 'EUR'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tickets' })).toBeTruthy();
    expect(screen.getByText(EVENT_PREVIEW_BOOKING)).toBeTruthy();
    expect(container.querySelectorAll('input, button, [data-event-tickets], [data-add-to-cart]')).toHaveLength(0);
  });
});

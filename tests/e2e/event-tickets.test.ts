/**
 * Buying tickets of a paid demo event from its page: the admin gives it a capacity (its ticket goes on sale without a
 * rebuild: the page reads the tickets left live), a visitor adds two tickets to the cart and finds them there; sold
 * out, the page says so. The event page and the cart at 320, 375 and 1280 px in both themes.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventAvailability } from '../../src/shared/events.ts';
import type { AdminEvent } from '../../src/shared/schemas/event-admin.ts';
import { utcToZoned } from '../../src/shared/time-zone.ts';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { adminApi } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

/** A paid demo event ($15, 120 seats taken) that no other file changes. */
const NAME = 'Photography Basics Online';
const PAGE = '/events/photography-basics-online';
const DIR = process.env['X_SHOTS'] ?? 'test-results/screens/event-tickets';

let api: APIRequestContext;
let token: string;
let event: AdminEvent;

/** The admin's save of the event with `capacity` seats in all. */
async function setCapacity(capacity: number): Promise<void> {
  const zone = event.timeZone;
  const res = await api.put(`/api/admin/events/${event._id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: event.name,
      title: event.title,
      description: event.description,
      timeZone: zone,
      start: utcToZoned(event.start_date, zone),
      end: utcToZoned(event.end_date, zone),
      eventType: event.eventType,
      location: event.location,
      address: event.address,
      city: event.city,
      category: event.category,
      price: event.price,
      capacity,
      published: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  mkdirSync(DIR, { recursive: true });
  const res = await api.get('/api/admin/events', { headers: { authorization: `Bearer ${token}` } });
  const found = ((await res.json()) as { results: AdminEvent[] }).results.find((e) => e.name === NAME);
  assert(found, `the demo event ${NAME}`);
  event = found;
  // Five tickets left for sale.
  await setCapacity(event.registrations + 5);
});
test.afterAll(async () => {
  // Back to no ticket sale, as the demo has it.
  await setCapacity(0);
  await api.dispose();
});

test('a visitor adds two tickets of a paid event to the cart from its page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(PAGE);
  const tickets = page.getByRole('region', { name: 'Tickets' });
  await tickets.scrollIntoViewIfNeeded();
  await expect(tickets.getByTestId('tickets-left')).toHaveText('Tickets left: 5');
  expect(scripts.filter((path) => path.includes('event-tickets'))).toHaveLength(1);

  await tickets.getByRole('spinbutton', { name: 'Seats' }).fill('2');
  await tickets.getByRole('button', { name: 'Add to cart' }).click();
  await expect(tickets.getByRole('status')).toHaveText('Added: 2 in your cart.');

  await tickets.getByRole('link', { name: 'View your cart' }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await waitForIslands(page);
  const line = page.getByRole('listitem').filter({ hasText: `${NAME} — ticket` });
  await expect(line).toContainText(/\((\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]+)\)/);
  await expect(line.getByRole('spinbutton', { name: /^Quantity of / })).toHaveValue('2');
  await expect(line).toContainText('$15.00 each');
  // No shop page to link to: the ticket's line names it without a link.
  await expect(line.getByRole('link')).toHaveCount(0);
});

test('the event page and the cart with tickets fit 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const answer = (await (await api.get(`/api/events/${event.slug}/availability`)).json()) as EventAvailability;
  assert(answer.ticket, 'the event sells tickets');
  const { productId } = answer.ticket;
  await inBothThemes(browser, null, async (page, theme, width) => {
    await page.goto(PAGE);
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await tickets.scrollIntoViewIfNeeded();
    await expect(tickets.getByTestId('tickets-left')).toHaveText(/^Tickets left: \d+$/);
    await expectNoSideScroll(page, width, `paid event page, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `event-${width}-${theme}.png`), fullPage: true });

    await page.evaluate(
      (id) => localStorage.setItem('cart', JSON.stringify([{ productId: id, quantity: 2 }])),
      productId,
    );
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByRole('listitem').filter({ hasText: `${NAME} — ticket` })).toContainText('$15.00 each');
    await expectNoSideScroll(page, width, `cart with tickets, ${theme}`);
    await keepScreenshot(page, { path: join(DIR, `cart-${width}-${theme}.png`), fullPage: true });
  });
});

test('a sold-out event says so and offers no tickets', async ({ page }) => {
  await setCapacity(event.registrations);
  await page.goto(PAGE);
  const tickets = page.getByRole('region', { name: 'Tickets' });
  await tickets.scrollIntoViewIfNeeded();
  await expect(tickets.getByTestId('tickets-left')).toHaveText('Sold out');
  await expect(tickets.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  await expect(tickets.getByRole('spinbutton', { name: 'Seats' })).toBeHidden();
});

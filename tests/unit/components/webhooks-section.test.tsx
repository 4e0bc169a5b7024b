/**
 * Integrations › Webhooks: the endpoints listed (URL, events, on or off, the last delivery), adding one (the form's own
 * checks first, the server's refusal on its field, the events grouped), the signing secret shown once with Copy,
 * editing, turning off, a test event, rolling the secret and deleting after asking, and the delivery log with its
 * states, payload and Resend.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, assert, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import WebhooksSection from '../../../src/components/admin/integrations/WebhooksSection.tsx';
import {
  createWebhook,
  deleteWebhook,
  fetchWebhookDeliveries,
  fetchWebhooks,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from '../../../src/lib/api/admin/webhooks.ts';
import type { WebhookDeliveryItem, WebhookEndpointItem } from '../../../src/shared/schemas/webhooks.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { expectMarked, type } from './helpers/field-errors.ts';

// The section past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/webhooks.ts', () => ({
  fetchWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  updateWebhook: vi.fn(),
  deleteWebhook: vi.fn(),
  rollWebhookSecret: vi.fn(),
  sendWebhookTest: vi.fn(),
  fetchWebhookDeliveries: vi.fn(),
  resendWebhookDelivery: vi.fn(),
}));

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.resetAllMocks();
  vi.restoreAllMocks();
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const CRM: WebhookEndpointItem = {
  id: 'ep-crm',
  url: 'https://crm.example.com/hooks/site',
  description: 'CRM',
  events: ['order.created', 'order.updated'],
  enabled: true,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  lastDelivery: { status: 'delivered', event: 'order.created', at: '2026-12-09T10:30:00.000Z', responseStatus: 200 },
};
const MIRROR: WebhookEndpointItem = {
  id: 'ep-mirror',
  url: 'https://mirror.example.org/in',
  description: '',
  events: ['content.created'],
  enabled: false,
  createdAt: '2026-12-02T09:00:00.000Z',
  updatedAt: '2026-12-02T09:00:00.000Z',
  lastDelivery: null,
};

const delivery = (overrides: Partial<WebhookDeliveryItem>): WebhookDeliveryItem => ({
  id: 'd1',
  endpointId: CRM.id,
  event: 'order.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  responseBody: 'ok',
  error: null,
  createdAt: '2026-12-09T10:30:00.000Z',
  lastAttemptAt: '2026-12-09T10:30:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-12-09T10:30:01.000Z',
  payload:
    '{"id":"d1","event":"order.created","created_at":"2026-12-09T10:30:00.000Z","data":{"id":"o1","summary":"Order #O1 placed"}}',
  ...overrides,
});

const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
const endpointRow = (url: string) =>
  within(screen.getByRole('list', { name: 'Webhook endpoints' }))
    .getByRole('heading', { name: url })
    .closest('li') as HTMLElement;
/** The section's notice line (NoticeLine), apart from the secret box's own status. */
const notice = () => screen.getAllByRole('status').find((el) => el.className.includes('min-h-5'));

async function renderWith(endpoints: WebhookEndpointItem[]) {
  vi.mocked(fetchWebhooks).mockResolvedValue(endpoints);
  render(<WebhooksSection />);
  await screen.findByRole('region', { name: 'Webhooks' });
  if (endpoints.length > 0) await screen.findByRole('list', { name: 'Webhook endpoints' });
  else await screen.findByText(/No webhook endpoints yet/);
}

describe('WebhooksSection', () => {
  it('lists each endpoint with its URL, events, on or off, and how its last delivery went', async () => {
    await renderWith([CRM, MIRROR]);
    const crm = endpointRow(CRM.url);
    expect(within(crm).getByText('On')).toBeTruthy();
    expect(within(crm).getByText('CRM')).toBeTruthy();
    const events = within(crm).getByRole('list', { name: 'Events of CRM' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Order placed', 'Order status changed']);
    expect(crm.textContent).toContain('Last delivery:Delivered');
    expect(crm.textContent).toContain('Order placed · HTTP 200 · Dec 9, 2026, 10:30 AM UTC');
    const mirror = endpointRow(MIRROR.url);
    expect(within(mirror).getByText('Off')).toBeTruthy();
    expect(within(mirror).getByText('No deliveries yet.')).toBeTruthy();
    expect(button(`Turn on ${MIRROR.url}`)).toBeTruthy();
    expect(button('Turn off CRM')).toBeTruthy();
  });

  it('says when there are none, and offers to add one', async () => {
    await renderWith([]);
    expect(screen.queryByRole('list', { name: 'Webhook endpoints' })).toBeNull();
    fireEvent.click(button('Add endpoint'));
    expect(screen.getByRole('dialog', { name: 'Add a webhook endpoint' })).toBeTruthy();
  });

  it('shows a failed load with Retry', async () => {
    vi.mocked(fetchWebhooks).mockRejectedValue(apiError(500, null));
    render(<WebhooksSection />);
    expect((await screen.findByRole('alert')).textContent).toContain('The webhook endpoints could not be loaded.');
    vi.mocked(fetchWebhooks).mockResolvedValue([CRM]);
    fireEvent.click(button('Retry'));
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toBeTruthy();
  });

  describe('adding an endpoint', () => {
    it('checks the URL and the events first, then shows the secret once with Copy until Done', async () => {
      await renderWith([]);
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      fireEvent.click(button('Add endpoint'));
      const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook endpoint' }));
      // The events come in three groups.
      expect(dialog.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
        'Events',
        'Content',
        'Orders',
        'Subscribers',
      ]);
      const url = dialog.getByLabelText<HTMLInputElement>('URL');
      fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
      expectMarked(url, await dialog.findByText('The URL is required.'));
      type(url, 'ftp://crm.example.com/hooks');
      fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
      await dialog.findByText('The URL must start with https:// or http://.');
      type(url, 'https://crm.example.com/hooks');
      fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
      const eventsError = await dialog.findByText('Choose at least one event.');
      expectMarked(dialog.getByRole('checkbox', { name: /Order placed/ }), eventsError.closest('p') as HTMLElement);
      expect(createWebhook).not.toHaveBeenCalled();

      fireEvent.click(dialog.getByRole('checkbox', { name: /Order placed/ }));
      fireEvent.click(dialog.getByRole('checkbox', { name: /Subscriber confirmed/ }));
      type(dialog.getByLabelText('Description (optional)'), ' CRM ');
      vi.mocked(createWebhook).mockResolvedValue({
        endpoint: { ...CRM, events: ['order.created', 'subscriber.confirmed'], lastDelivery: null },
        secret: SECRET,
        message: 'Webhook endpoint added. Copy its signing secret now: it is shown only this once.',
      });
      vi.mocked(fetchWebhooks).mockResolvedValue([CRM]);
      fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
      const secretBox = await screen.findByRole('region', { name: 'Signing secret' });
      expect(createWebhook).toHaveBeenCalledWith({
        url: 'https://crm.example.com/hooks',
        description: 'CRM',
        events: ['order.created', 'subscriber.confirmed'],
      });
      expect(screen.queryByRole('dialog', { name: 'Add a webhook endpoint' })).toBeNull();
      expect(within(secretBox).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(SECRET);
      expect(secretBox.textContent).toContain('Shown only now');
      expect(secretBox.textContent).toContain(`For ${CRM.url}`);
      fireEvent.click(within(secretBox).getByRole('button', { name: 'Copy secret' }));
      expect(await within(secretBox).findByText('The secret was copied.')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(SECRET);
      fireEvent.click(within(secretBox).getByRole('button', { name: 'I have copied it' }));
      expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();
      expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    });

    it('shows the server’s refusal under the field it names', async () => {
      await renderWith([]);
      vi.mocked(createWebhook).mockRejectedValue(
        apiError(400, { message: 'The URL leads to a private or local address.', field: 'url' }),
      );
      fireEvent.click(button('Add endpoint'));
      const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook endpoint' }));
      type(dialog.getByLabelText('URL'), 'http://10.0.0.7/hooks');
      fireEvent.click(dialog.getByRole('checkbox', { name: /Content created/ }));
      fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
      expectMarked(
        dialog.getByLabelText('URL'),
        await dialog.findByText('The URL leads to a private or local address.'),
      );
      expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();
    });
  });

  it('edits an endpoint in the same form, filled in', async () => {
    await renderWith([CRM]);
    fireEvent.click(button('Edit CRM'));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit webhook endpoint' }));
    expect(dialog.getByLabelText<HTMLInputElement>('URL').value).toBe(CRM.url);
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: /Order status changed/ }).checked).toBe(true);
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: /Content created/ }).checked).toBe(false);
    fireEvent.click(dialog.getByRole('checkbox', { name: /Order status changed/ }));
    vi.mocked(updateWebhook).mockResolvedValue({
      endpoint: { ...CRM, events: ['order.created'] },
      message: 'Webhook endpoint changed.',
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(notice()?.textContent).toBe('Webhook endpoint changed.'));
    expect(updateWebhook).toHaveBeenCalledWith(CRM.id, {
      url: CRM.url,
      description: 'CRM',
      events: ['order.created'],
    });
  });

  it('turns an endpoint off and sends a test event, saying how each went', async () => {
    await renderWith([CRM]);
    vi.mocked(updateWebhook).mockResolvedValue({
      endpoint: { ...CRM, enabled: false },
      message: 'Webhook endpoint turned off.',
    });
    fireEvent.click(button('Turn off CRM'));
    await waitFor(() => expect(notice()?.textContent).toBe('Webhook endpoint turned off.'));
    expect(updateWebhook).toHaveBeenCalledWith(CRM.id, { enabled: false });

    vi.mocked(sendWebhookTest).mockResolvedValue({
      delivery: delivery({ id: 'd-ping', event: 'ping', status: 'pending', responseStatus: 500, attempts: 1 }),
      message: 'The test event was not delivered: The endpoint answered 500. It will be tried again later.',
    });
    fireEvent.click(button('Send a test event to CRM'));
    await waitFor(() =>
      expect(notice()?.textContent).toBe(
        'The test event was not delivered: The endpoint answered 500. It will be tried again later.',
      ),
    );
    expect(notice()?.className).toContain('text-red-700');
    expect(sendWebhookTest).toHaveBeenCalledWith(CRM.id);
  });

  it('rolls the secret only after asking, and shows the new one once', async () => {
    await renderWith([CRM]);
    fireEvent.click(button('Roll the signing secret of CRM'));
    const dialog = within(screen.getByRole('dialog', { name: 'Roll the secret of "CRM"?' }));
    expect(rollWebhookSecret).not.toHaveBeenCalled();
    vi.mocked(rollWebhookSecret).mockResolvedValue({ secret: SECRET, message: 'New signing secret made.' });
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Roll secret' }));
      await Promise.resolve();
    });
    const secretBox = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(secretBox).getByRole<HTMLInputElement>('textbox').value).toBe(SECRET);
    expect(rollWebhookSecret).toHaveBeenCalledWith(CRM.id);
  });

  it('deletes only after asking; Cancel leaves it', async () => {
    await renderWith([CRM]);
    fireEvent.click(button('Delete CRM'));
    let dialog = within(screen.getByRole('dialog', { name: 'Delete "CRM"?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(deleteWebhook).not.toHaveBeenCalled();
    fireEvent.click(button('Delete CRM'));
    dialog = within(screen.getByRole('dialog', { name: 'Delete "CRM"?' }));
    vi.mocked(deleteWebhook).mockResolvedValue({ message: 'Webhook endpoint deleted. Nothing more is sent to it.' });
    vi.mocked(fetchWebhooks).mockResolvedValue([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(notice()?.textContent).toBe('Webhook endpoint deleted. Nothing more is sent to it.'));
    expect(deleteWebhook).toHaveBeenCalledWith(CRM.id);
    expect(await screen.findByText(/No webhook endpoints yet/)).toBeTruthy();
  });

  it('opens the delivery log: states, attempts, HTTP status, the error, the payload, and Resend', async () => {
    await renderWith([CRM]);
    vi.mocked(fetchWebhookDeliveries).mockResolvedValue([
      delivery({
        id: 'd3',
        status: 'pending',
        attempts: 2,
        responseStatus: 503,
        responseBody: 'Service unavailable',
        error: 'The endpoint answered 503',
        deliveredAt: null,
        nextAttemptAt: '2026-12-09T11:05:00.000Z',
      }),
      delivery({
        id: 'd2',
        event: 'order.updated',
        status: 'failed',
        attempts: 8,
        responseStatus: null,
        responseBody: null,
        error: 'The connection was refused (ECONNREFUSED)',
        deliveredAt: null,
      }),
      delivery({ id: 'd1' }),
    ]);
    fireEvent.click(button('Delivery log of CRM'));
    const log = await screen.findByRole('list', { name: `Deliveries to ${CRM.url}` });
    expect(button('Delivery log of CRM').getAttribute('aria-expanded')).toBe('true');
    const rows = within(log).getAllByRole('listitem');
    const [retrying, failed, delivered] = rows;
    assert(retrying && failed && delivered);
    expect(rows.map((row) => row.querySelector('[data-status]')?.textContent)).toEqual([
      'Retrying',
      'Failed',
      'Delivered',
    ]);
    expect(retrying.textContent).toContain('HTTP 503 · 2 attempts · Next try Dec 9, 2026, 11:05 AM UTC');
    expect(retrying.textContent).toContain('The endpoint answered 503');
    expect(failed.textContent).toContain('Order status changed');
    expect(failed.textContent).toContain('8 attempts');
    expect(failed.textContent).toContain('The connection was refused (ECONNREFUSED)');
    expect(delivered.textContent).toContain('HTTP 200 · 1 attempt · Delivered Dec 9, 2026, 10:30 AM UTC');
    const payload = delivered.querySelector('details pre');
    expect(payload?.textContent).toContain('"summary": "Order #O1 placed"');
    expect(retrying.querySelectorAll('details pre')[1]?.textContent).toBe('Service unavailable');

    vi.mocked(resendWebhookDelivery).mockResolvedValue({
      delivery: delivery({ id: 'd4', status: 'pending', attempts: 0 }),
      message: 'The delivery is queued again and will be sent shortly.',
    });
    fireEvent.click(within(failed).getByRole('button', { name: /^Resend Order status changed/ }));
    await waitFor(() => expect(notice()?.textContent).toBe('The delivery is queued again and will be sent shortly.'));
    expect(resendWebhookDelivery).toHaveBeenCalledWith('d2');
    await waitFor(() => expect(fetchWebhookDeliveries).toHaveBeenCalledTimes(2));

    fireEvent.click(button('Delivery log of CRM'));
    expect(screen.queryByRole('list', { name: `Deliveries to ${CRM.url}` })).toBeNull();
  });
});

/**
 * Integrations › API tokens: the list and its states, making a token (shown once, gone after Done), refusals under
 * their fields (the shared schema's in the browser, the server's 400), and revoking after asking.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import ApiTokensSection from '../../../src/components/admin/integrations/ApiTokensSection.tsx';
import { createApiToken, fetchApiTokens, revokeApiToken } from '../../../src/lib/api/admin/api-tokens.ts';
import type { ApiTokenCreated, ApiTokenItem } from '../../../src/shared/schemas/api-tokens.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, deferred, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { expectMarked, type } from './helpers/field-errors.ts';

// The section past the admin check (covered by admin-gate.test.ts).
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/api-tokens.ts', () => ({
  fetchApiTokens: vi.fn(),
  createApiToken: vi.fn(),
  revokeApiToken: vi.fn(),
  openApiUrl: () => '/api/openapi.json',
}));

const NOW = Date.parse('2026-12-10T12:00:00.000Z');

const ITEM: ApiTokenItem = {
  id: 'tok-sync',
  name: 'Warehouse sync',
  hint: 'cst_…Ab3x',
  scopes: ['products:write', 'orders:read'],
  createdBy: 'Ada Lovelace',
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2027-02-20T10:00:00.000Z',
  lastUsedAt: '2026-12-10T09:00:00.000Z',
  revokedAt: null,
};
const NEVER_USED: ApiTokenItem = {
  ...ITEM,
  id: 'tok-crm',
  name: 'CRM import',
  hint: 'cst_…Zq9_',
  scopes: ['subscribers:read'],
  expiresAt: null,
  lastUsedAt: null,
};
const REVOKED: ApiTokenItem = {
  ...ITEM,
  id: 'tok-old',
  name: 'Old shop bridge',
  hint: 'cst_…k2Pw',
  scopes: ['content:write'],
  lastUsedAt: '2026-10-01T08:00:00.000Z',
  revokedAt: '2026-11-30T09:00:00.000Z',
};
const EXPIRED: ApiTokenItem = {
  ...ITEM,
  id: 'tok-trial',
  name: 'Trial feed',
  hint: 'cst_…Tr1a',
  scopes: ['content:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-08T10:00:00.000Z',
  lastUsedAt: null,
};

const SECRET = 'cst_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const CREATED: ApiTokenCreated = {
  token: SECRET,
  item: {
    ...NEVER_USED,
    id: 'tok-new',
    name: 'Accounting',
    hint: 'cst_…bcde',
    scopes: ['orders:write'],
    createdAt: new Date(NOW).toISOString(),
    expiresAt: '2027-01-09T12:00:00.000Z',
  },
};
const ONCE = 'Copy it now: it is shown only this once. Whoever holds it can do what its scopes allow.';

const list = () => screen.getByRole('list', { name: 'API tokens' });
const row = (name: string) => within(list()).getByRole('heading', { name }).closest('li') as HTMLElement;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const click = (element: HTMLElement) => act(() => Promise.resolve(fireEvent.click(element)));
const nameInput = () => screen.getByLabelText<HTMLInputElement>('Name');

async function renderWith(tokens: ApiTokenItem[]) {
  vi.mocked(fetchApiTokens).mockResolvedValue({ tokens });
  render(<ApiTokensSection />);
  await screen.findByRole('heading', { name: 'Tokens made' });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the API tokens' })).toBeNull());
}

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  // Only the clock: the promises and waits keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  consoleError = watchConsoleErrors();
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.useRealTimers();
  vi.resetAllMocks();
  vi.restoreAllMocks();
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

describe('ApiTokensSection', () => {
  it('says what a token is, how it is sent, and where the API is described', async () => {
    await renderWith([]);
    const card = screen.getByRole('region', { name: 'API tokens' });
    expect(card.textContent).toContain(
      'Tokens let other systems read and change the site through the API, within the scopes you give them.',
    );
    expect(within(card).getByText('Authorization: Bearer <token>').tagName).toBe('CODE');
    expect(within(card).getByRole('link', { name: 'API description (openapi.json)' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    expect(screen.getByText(/No API tokens yet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'API tokens' })).toBeNull();
  });

  it('lists each token with its hint, scopes, maker, expiry, last use and state', async () => {
    await renderWith([ITEM, NEVER_USED, REVOKED, EXPIRED]);

    const active = row('Warehouse sync');
    expect(active.textContent).toContain('cst_…Ab3x');
    expect(within(active).getByText('Active')).toBeTruthy();
    const scopes = within(active).getByRole('list', { name: 'Scopes' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Write products', 'Read orders']);
    expect(active.textContent).toContain('CreatedNov 22, 2026 by Ada Lovelace');
    expect(active.textContent).toContain('ExpiresFeb 20, 2027');
    expect(active.textContent).toContain('Last used3 hours ago');
    expect(within(active).getByText('3 hours ago').closest('time')?.getAttribute('title')).toBe(
      'Dec 10, 2026, 9:00 AM UTC',
    );
    expect(button('Revoke Warehouse sync')).toBeTruthy();

    const neverUsed = row('CRM import');
    expect(neverUsed.textContent).toContain('ExpiresNever');
    expect(neverUsed.textContent).toContain('Last usedNever used');
    expect(within(neverUsed).getByText('Active')).toBeTruthy();

    const revoked = row('Old shop bridge');
    expect(within(revoked).getByText('Revoked on Nov 30, 2026')).toBeTruthy();
    expect(revoked.textContent).toContain('Last usedOct 1, 2026');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const expired = row('Trial feed');
    // The state badge, and the date it expired on.
    expect(within(expired).getByText('Expired', { selector: 'span' })).toBeTruthy();
    expect(expired.textContent).toContain('ExpiredNov 8, 2026');
    expect(expired.textContent).toContain('Never used');
    expect(within(expired).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('shows a new token once, with Copy, and never again after Done', async () => {
    await renderWith([ITEM]);
    const sent = deferred<ApiTokenCreated>();
    vi.mocked(createApiToken).mockReturnValue(sent.promise);

    expect(screen.getByLabelText<HTMLSelectElement>('Expires after').value).toBe('90');
    type(nameInput(), '  Accounting ');
    fireEvent.click(screen.getByLabelText('Read orders'));
    fireEvent.click(screen.getByLabelText('Write orders'));
    // The read its write includes shows ticked and fixed.
    const readOrders = screen.getByLabelText<HTMLInputElement>('Read orders');
    expect(readOrders.checked).toBe(true);
    expect(readOrders.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '30' } });
    expect(screen.getByText('It stops working on Jan 9, 2027.')).toBeTruthy();
    await click(button('Create token'));
    expect(createApiToken).toHaveBeenCalledWith({ name: 'Accounting', scopes: ['orders:write'], expiresInDays: 30 });
    expect(button('Creating token…').getAttribute('aria-busy')).toBe('true');

    await act(() => {
      sent.resolve(CREATED);
      return sent.promise;
    });
    const box = screen.getByRole('region', { name: 'Token “Accounting” is ready' });
    expect(document.activeElement).toBe(within(box).getByRole('heading'));
    expect(box.textContent).toContain(ONCE);
    const field = within(box).getByLabelText<HTMLInputElement>('Your new token');
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(field.className).toContain('font-mono');
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
    // Listed at once, first, by its hint only.
    expect(
      within(list())
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Accounting', 'Warehouse sync']);
    expect(list().textContent).not.toContain(SECRET);

    await click(within(box).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(box).getByRole('status').textContent).toContain('Copied.');

    await click(within(box).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByText(ONCE)).toBeNull();
    // A fresh form, ready for the next one.
    expect(nameInput().value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Expires after').value).toBe('90');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New token' }));
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    await renderWith([]);
    vi.mocked(createApiToken).mockResolvedValue(CREATED);
    writeText.mockRejectedValue(new Error('Write permission denied.'));
    type(nameInput(), 'Accounting');
    fireEvent.click(screen.getByLabelText('Write orders'));
    await click(button('Create token'));
    await click(await screen.findByRole('button', { name: 'Copy' }));
    expect(screen.getByText(/could not be copied here: the token is selected, press Ctrl\+C/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your new token'));
  });

  it('checks the form with the shared schema before sending, each refusal under its field', async () => {
    await renderWith([]);
    await click(button('Create token'));
    const nameError = screen.getByText('Name is required');
    expectMarked(nameInput(), nameError.closest('p') as HTMLElement);
    expect(document.activeElement).toBe(nameInput());

    type(nameInput(), 'CRM');
    expect(screen.queryByText('Name is required')).toBeNull();
    await click(button('Create token'));
    const scopesError = screen.getByRole('alert');
    expect(scopesError.textContent).toBe('Choose at least one scope');
    expect(screen.getByRole('group', { name: 'Scopes' }).contains(scopesError)).toBe(true);
    expectMarked(screen.getByLabelText('Read content'), scopesError);
    expect(createApiToken).not.toHaveBeenCalled();
  });

  it('shows the server’s 400 under the field it names', async () => {
    await renderWith([]);
    const message = 'A token lasts at most 366 days; revoke it earlier if you need to';
    vi.mocked(createApiToken).mockRejectedValue(apiError(400, { message, field: 'expiresInDays' }));
    type(nameInput(), 'CRM');
    fireEvent.click(screen.getByLabelText('Read subscribers'));
    await click(button('Create token'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    const expiry = screen.getByLabelText('Expires after');
    expectMarked(expiry, alert);
    expect(alert.previousElementSibling?.textContent).toMatch(/^It stops working on/);
    expect(button('Create token').disabled).toBe(false);

    vi.mocked(createApiToken).mockRejectedValue(apiError(400, { message: 'Name is taken', field: 'name' }));
    await click(button('Create token'));
    const nameError = await screen.findByText('Name is taken');
    expectMarked(nameInput(), nameError);
    expect(screen.queryByText(message)).toBeNull();
  });

  it('revokes only after asking, then shows the token revoked', async () => {
    await renderWith([ITEM]);
    vi.mocked(revokeApiToken).mockResolvedValue({ message: 'The token was revoked: it no longer works' });

    await click(button('Revoke Warehouse sync'));
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByRole('heading').textContent).toBe('Revoke “Warehouse sync”?');
    expect(dialog.textContent).toContain('The token stops working at once');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(false);
    expect(revokeApiToken).not.toHaveBeenCalled();

    vi.mocked(fetchApiTokens).mockResolvedValue({ tokens: [{ ...ITEM, revokedAt: '2026-12-10T11:59:00.000Z' }] });
    await click(button('Revoke Warehouse sync'));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke token' }));
    expect(revokeApiToken).toHaveBeenCalledWith('tok-sync');
    await screen.findByText('The token was revoked: it no longer works');
    await waitFor(() => expect(fetchApiTokens).toHaveBeenCalledTimes(2));
    const revoked = row('Warehouse sync');
    expect(within(revoked).getByText('Revoked on Dec 10, 2026')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.getByRole<HTMLDialogElement>('dialog', { hidden: true }).open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tokens made' }));
  });

  it('says why a revoke failed and reads the list again when the token is gone', async () => {
    await renderWith([ITEM]);
    vi.mocked(revokeApiToken).mockRejectedValue(apiError(404, { message: 'API token not found' }));
    vi.mocked(fetchApiTokens).mockResolvedValue({ tokens: [] });
    await click(button('Revoke Warehouse sync'));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('API token not found')).toBeTruthy();
    await screen.findByText(/No API tokens yet/);
  });
});

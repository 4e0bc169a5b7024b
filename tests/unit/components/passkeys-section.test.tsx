/**
 * Settings › Passkeys: the list (dates, 'Synced'), adding one (the name, the password again, the browser's prompt,
 * then the server), a closed prompt said plainly, renaming in place, removing after asking, and a browser without
 * WebAuthn, which lists but cannot add.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import PasskeysSection from '../../../src/components/settings/PasskeysSection.tsx';
import {
  addPasskey,
  fetchPasskeys,
  passkeyAddOptions,
  removePasskey,
  renamePasskey,
} from '../../../src/lib/api/passkeys.ts';
import {
  PASSKEY_ADDED,
  PASSKEY_REMOVED,
  PASSKEY_RENAMED,
  PASSKEY_TOO_MANY,
  PASSKEYS_PER_ACCOUNT,
  type PasskeySummary,
} from '../../../src/shared/passkeys.ts';
import { apiError, consoleMessages, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { expectMarked, type } from './helpers/field-errors.ts';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('../../../src/lib/api/passkeys.ts', () => ({
  fetchPasskeys: vi.fn(),
  passkeyAddOptions: vi.fn(),
  addPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  removePasskey: vi.fn(),
}));

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.resetAllMocks();
  vi.restoreAllMocks();
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

const LAPTOP: PasskeySummary = {
  id: 'cred-laptop',
  name: 'Work laptop',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastUsedAt: '2026-12-01T08:30:00.000Z',
  backedUp: false,
};
const PHONE: PasskeySummary = {
  id: 'cred-phone',
  name: 'Phone',
  createdAt: '2026-12-03T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
const OPTIONS = { challenge: 'Y2hhbGxlbmdl' } as PublicKeyCredentialCreationOptionsJSON;
const CREATED = { id: 'cred-new', rawId: 'cred-new', type: 'public-key' } as RegistrationResponseJSON;
const NEW_KEY: PasskeySummary = {
  id: 'cred-new',
  name: 'Home desktop',
  createdAt: '2026-12-09T09:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

const list = () => screen.getByRole('list', { name: 'Your passkeys' });
const row = (name: string) => within(list()).getByText(name).closest('li') as HTMLElement;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const closed = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

async function renderWith(passkeys: PasskeySummary[], hasPassword = true) {
  vi.mocked(fetchPasskeys).mockResolvedValue(passkeys);
  render(<PasskeysSection hasPassword={hasPassword} />);
  await screen.findByText(passkeys[0]?.name ?? 'You have no passkeys yet.');
  // Add shows once the library has said WebAuthn works here.
  await screen.findByRole('button', { name: 'Add a passkey' });
}

describe('PasskeysSection', () => {
  it('lists each passkey with when it was added and last used, and Synced for a synced one', async () => {
    await renderWith([LAPTOP, PHONE]);
    expect(screen.getByRole('region', { name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByText(/signs you in with your fingerprint, face or screen lock/)).toBeTruthy();
    const laptop = row('Work laptop');
    expect(laptop.textContent).toContain('Added Nov 22, 2026 · Last used Dec 1, 2026');
    expect(within(laptop).queryByText('Synced')).toBeNull();
    const phone = row('Phone');
    expect(phone.textContent).toContain('Added Dec 3, 2026 · Never used');
    expect(within(phone).getByText('Synced')).toBeTruthy();
    expect(button('Rename Work laptop')).toBeTruthy();
    expect(button('Remove Phone')).toBeTruthy();
    expect(screen.queryByText('Passkeys are not available in this browser.')).toBeNull();
  });

  it('says when there are none yet', async () => {
    await renderWith([]);
    expect(screen.queryByRole('list', { name: 'Your passkeys' })).toBeNull();
  });

  it('shows why the list could not be loaded', async () => {
    vi.mocked(fetchPasskeys).mockRejectedValue(apiError(500, null));
    render(<PasskeysSection hasPassword />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your passkeys could not be loaded.');
  });

  describe('Add a passkey', () => {
    it('asks for a name and the password, then the browser, then sends both answers and says what the server said', async () => {
      await renderWith([LAPTOP]);
      vi.mocked(passkeyAddOptions).mockResolvedValue({ handle: 'handle-1', options: OPTIONS });
      vi.mocked(startRegistration).mockResolvedValue(CREATED);
      vi.mocked(addPasskey).mockResolvedValue({ message: PASSKEY_ADDED, passkey: NEW_KEY });
      fireEvent.click(button('Add a passkey'));
      const name = screen.getByLabelText<HTMLInputElement>('Passkey name');
      expect(name.value).toBe('Passkey');
      expect(document.activeElement).toBe(name);
      // The password is needed before anything is sent.
      expect(button('Create passkey').disabled).toBe(true);
      type(name, '  Home desktop ');
      type(screen.getByLabelText('Your password'), 'correct horse');
      fireEvent.click(button('Create passkey'));
      expect((await screen.findByRole('status')).textContent).toBe(PASSKEY_ADDED);
      expect(passkeyAddOptions).toHaveBeenCalledWith('correct horse');
      expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
      expect(addPasskey).toHaveBeenCalledWith('handle-1', CREATED, 'Home desktop');
      const [options, prompt, sent] = [passkeyAddOptions, startRegistration, addPasskey].map(
        (fn) => vi.mocked(fn).mock.invocationCallOrder[0] ?? Number.NaN,
      );
      expect(options).toBeLessThan(prompt ?? Number.NaN);
      expect(prompt).toBeLessThan(sent ?? Number.NaN);
      expect(row('Home desktop')).toBeTruthy();
      expect(screen.queryByLabelText('Passkey name')).toBeNull();
      expect(document.activeElement).toBe(button('Add a passkey'));
    });

    it('asks no password of an account without one', async () => {
      await renderWith([], false);
      vi.mocked(passkeyAddOptions).mockResolvedValue({ handle: 'handle-1', options: OPTIONS });
      vi.mocked(startRegistration).mockResolvedValue(CREATED);
      vi.mocked(addPasskey).mockResolvedValue({ message: PASSKEY_ADDED, passkey: NEW_KEY });
      fireEvent.click(button('Add a passkey'));
      expect(screen.queryByLabelText('Your password')).toBeNull();
      fireEvent.click(button('Create passkey'));
      expect((await screen.findByRole('status')).textContent).toBe(PASSKEY_ADDED);
      expect(passkeyAddOptions).toHaveBeenCalledWith(undefined);
      expect(addPasskey).toHaveBeenCalledWith('handle-1', CREATED, 'Passkey');
    });

    it('says plainly that a closed prompt cancelled it, and keeps the form to try again', async () => {
      await renderWith([LAPTOP]);
      vi.mocked(passkeyAddOptions).mockResolvedValue({ handle: 'handle-1', options: OPTIONS });
      vi.mocked(startRegistration).mockRejectedValue(closed());
      fireEvent.click(button('Add a passkey'));
      type(screen.getByLabelText('Your password'), 'correct horse');
      fireEvent.click(button('Create passkey'));
      expect((await screen.findByRole('status')).textContent).toBe(
        'Adding the passkey was cancelled. Nothing was changed.',
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(addPasskey).not.toHaveBeenCalled();
      expect(button('Create passkey').disabled).toBe(false);
    });

    it('says the device already holds a passkey for the account', async () => {
      await renderWith([LAPTOP]);
      vi.mocked(passkeyAddOptions).mockResolvedValue({ handle: 'handle-1', options: OPTIONS });
      vi.mocked(startRegistration).mockRejectedValue(
        Object.assign(new Error('registered'), {
          name: 'InvalidStateError',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        }),
      );
      fireEvent.click(button('Add a passkey'));
      type(screen.getByLabelText('Your password'), 'correct horse');
      fireEvent.click(button('Create passkey'));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'This device or password manager already holds a passkey for your account.',
      );
    });

    it('marks and focuses the password the server refuses, before any prompt opens', async () => {
      await renderWith([LAPTOP]);
      vi.mocked(passkeyAddOptions).mockRejectedValue(
        apiError(400, { message: 'The password is not correct', field: 'password' }),
      );
      fireEvent.click(button('Add a passkey'));
      type(screen.getByLabelText('Your password'), 'wrong');
      fireEvent.click(button('Create passkey'));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('The password is not correct');
      expectMarked(screen.getByLabelText('Your password'), alert);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password')));
      expect(startRegistration).not.toHaveBeenCalled();
    });

    it('refuses an empty name with the shared rule, sending nothing', async () => {
      await renderWith([LAPTOP]);
      fireEvent.click(button('Add a passkey'));
      type(screen.getByLabelText('Passkey name'), '   ');
      type(screen.getByLabelText('Your password'), 'correct horse');
      fireEvent.click(button('Create passkey'));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Name is required');
      expectMarked(screen.getByLabelText('Passkey name'), alert);
      expect(passkeyAddOptions).not.toHaveBeenCalled();
    });

    it('offers no Add at the limit', async () => {
      const many = Array.from({ length: PASSKEYS_PER_ACCOUNT }, (_, i) => ({
        ...LAPTOP,
        id: `c${i}`,
        name: `Key ${i}`,
      }));
      vi.mocked(fetchPasskeys).mockResolvedValue(many);
      render(<PasskeysSection hasPassword />);
      expect(await screen.findByText(PASSKEY_TOO_MANY)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    });
  });

  it('says passkeys are not available in a browser without WebAuthn, still listing them but offering no Add', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    vi.mocked(fetchPasskeys).mockResolvedValue([LAPTOP]);
    render(<PasskeysSection hasPassword />);
    await screen.findByText('Work laptop');
    await waitFor(() => expect(browserSupportsWebAuthn).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.getByText('Passkeys are not available in this browser.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  describe('Rename', () => {
    it('turns the name into a field, saves the new name and gives the focus back', async () => {
      await renderWith([LAPTOP, PHONE]);
      vi.mocked(renamePasskey).mockResolvedValue({
        message: PASSKEY_RENAMED,
        passkey: { ...LAPTOP, name: 'Old laptop' },
      });
      fireEvent.click(button('Rename Work laptop'));
      const field = screen.getByLabelText<HTMLInputElement>('New name');
      expect(field.value).toBe('Work laptop');
      expect(document.activeElement).toBe(field);
      type(field, 'Old laptop ');
      fireEvent.click(button('Save'));
      expect((await screen.findByRole('status')).textContent).toBe(PASSKEY_RENAMED);
      expect(renamePasskey).toHaveBeenCalledWith('cred-laptop', 'Old laptop');
      expect(row('Old laptop')).toBeTruthy();
      expect(screen.queryByLabelText('New name')).toBeNull();
      expect(document.activeElement).toBe(button('Rename Old laptop'));
    });

    it('changes nothing on Cancel', async () => {
      await renderWith([LAPTOP]);
      fireEvent.click(button('Rename Work laptop'));
      type(screen.getByLabelText('New name'), 'Something else');
      fireEvent.click(button('Cancel'));
      expect(row('Work laptop')).toBeTruthy();
      expect(renamePasskey).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(button('Rename Work laptop'));
    });
  });

  describe('Remove', () => {
    it('asks first, naming the passkey, and removes nothing on Cancel', async () => {
      await renderWith([LAPTOP, PHONE]);
      fireEvent.click(button('Remove Work laptop'));
      const dialog = screen.getByRole('dialog', { name: 'Remove "Work laptop"?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(removePasskey).not.toHaveBeenCalled();
      expect(row('Work laptop')).toBeTruthy();
    });

    it('removes it once confirmed and says so', async () => {
      await renderWith([LAPTOP, PHONE]);
      vi.mocked(removePasskey).mockResolvedValue({ message: PASSKEY_REMOVED });
      fireEvent.click(button('Remove Work laptop'));
      const dialog = screen.getByRole('dialog', { name: 'Remove "Work laptop"?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
      const status = await screen.findByRole('status');
      expect(status.textContent).toBe(PASSKEY_REMOVED);
      expect(removePasskey).toHaveBeenCalledWith('cred-laptop');
      expect(within(list()).queryByText('Work laptop')).toBeNull();
      expect(row('Phone')).toBeTruthy();
      // The row's buttons are gone: the focus is on what happened.
      expect(document.activeElement).not.toBe(document.body);
      expect(document.activeElement?.contains(status)).toBe(true);
    });
  });
});

/**
 * Form errors tied to their fields in Settings: a refusal naming a field marks that input
 * (aria-invalid, described by the Alert) and focuses it; editing lets go of it; a refusal naming none marks nothing.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import DeleteAccount from '../../../src/components/settings/DeleteAccount.tsx';
import EmailChange from '../../../src/components/settings/EmailChange.tsx';
import ProfileSection from '../../../src/components/settings/ProfileSection.tsx';
import TwoFactorSection from '../../../src/components/settings/TwoFactorSection.tsx';
import { confirmEmailChange, deleteAccount, requestEmailChange, saveProfile } from '../../../src/lib/api/account.ts';
import { disableTwoFactor, fetchTwoFactor } from '../../../src/lib/api/two-factor.ts';
import type { AccountProfile } from '../../../src/shared/account.ts';
import { apiError, consoleMessages, watchConsoleErrors, stubModalDialogs } from './helpers/browser.ts';
import { expectMarked, expectUnmarked, type } from './helpers/field-errors.ts';

vi.mock('../../../src/lib/api/account.ts', () => ({
  saveProfile: vi.fn(),
  uploadProfileImage: vi.fn(),
  removeProfileImage: vi.fn(),
  requestEmailChange: vi.fn(),
  confirmEmailChange: vi.fn(),
  cancelEmailChange: vi.fn(),
  deleteAccount: vi.fn(),
}));
vi.mock('../../../src/lib/api/two-factor.ts', () => ({
  fetchTwoFactor: vi.fn(),
  setupTwoFactor: vi.fn(),
  confirmTwoFactor: vi.fn(),
  disableTwoFactor: vi.fn(),
  renewRecoveryCodes: vi.fn(),
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

const ACCOUNT = {
  _id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  role: 'customer',
  profile_image: '',
  must_change_password: false,
  hasPassword: true,
  pendingEmail: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  newsletter: null,
} as unknown as AccountProfile;

const label = (text: string) => screen.getByLabelText(text);

describe('ProfileSection', () => {
  it('marks and focuses the username the server refuses; editing it lets go', async () => {
    vi.mocked(saveProfile).mockRejectedValue(
      apiError(409, { message: 'This username is already taken', field: 'username' }),
    );
    render(<ProfileSection account={ACCOUNT} onChange={() => undefined} />);
    type(label('Username'), 'grace');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This username is already taken');
    expectMarked(label('Username'), alert);
    // The hint under it stays its description.
    const hint = screen.getByText(/^3 to 30 letters/);
    expect(label('Username').getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
    expectUnmarked(label('First name'));
    await waitFor(() => expect(document.activeElement).toBe(label('Username')));
    type(label('Username'), 'grace2');
    expectUnmarked(label('Username'));
  });
});

describe('EmailChange', () => {
  it('marks the new address or the password the server names, then the code', async () => {
    vi.mocked(requestEmailChange).mockRejectedValueOnce(
      apiError(409, { message: 'An account with this email already exists', field: 'newEmail' }),
    );
    vi.mocked(requestEmailChange).mockRejectedValueOnce(
      apiError(400, { message: 'The password is not correct', field: 'password' }),
    );
    vi.mocked(confirmEmailChange).mockRejectedValueOnce(
      apiError(400, { message: 'That code is not right', field: 'code' }),
    );
    const { rerender } = render(<EmailChange account={ACCOUNT} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    type(label('New email'), 'grace@example.com');
    type(label('Your password'), 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expectMarked(label('New email'), await screen.findByRole('alert'));
    expectUnmarked(label('Your password'));
    await waitFor(() => expect(document.activeElement).toBe(label('New email')));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The password is not correct'));
    expectMarked(label('Your password'), screen.getByRole('alert'));
    expectUnmarked(label('New email'));

    rerender(<EmailChange account={{ ...ACCOUNT, pendingEmail: 'grace@example.com' }} onChange={() => undefined} />);
    type(label('Code from the email'), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new email' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That code is not right'));
    expectMarked(label('Code from the email'), screen.getByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(label('Code from the email')));
  });

  it('marks nothing when too many codes were tried', async () => {
    vi.mocked(confirmEmailChange).mockRejectedValueOnce(apiError(429, { message: 'Too many wrong codes' }));
    render(<EmailChange account={{ ...ACCOUNT, pendingEmail: 'grace@example.com' }} onChange={() => undefined} />);
    type(label('Code from the email'), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new email' }));
    await screen.findByRole('alert');
    expectUnmarked(label('Code from the email'));
  });
});

describe('DeleteAccount', () => {
  it('marks and focuses the password the server finds wrong', async () => {
    vi.mocked(deleteAccount).mockRejectedValue(
      apiError(400, { message: 'The password is not correct', field: 'password' }),
    );
    render(<DeleteAccount account={ACCOUNT} onDeleted={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog');
    const password = within(dialog).getByLabelText('Enter your password to confirm');
    type(password, 'wrong');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expectMarked(password, await within(dialog).findByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(password));
    type(password, 'right');
    expectUnmarked(password);
  });
});

describe('TwoFactorSection', () => {
  it('marks the proof field when the server refuses the code or password given to turn it off', async () => {
    vi.mocked(fetchTwoFactor).mockResolvedValue({
      available: true,
      enabled: true,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 10,
    });
    vi.mocked(disableTwoFactor).mockRejectedValue(
      apiError(400, { message: 'That code is not right. Please try again', field: 'code' }),
    );
    render(<TwoFactorSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const proof = label('Password or authentication code');
    type(proof, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expectMarked(proof, await screen.findByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(proof));
    type(proof, '654321');
    expectUnmarked(proof);
  });
});

/**
 * Signing in with a passkey on /login: the button's prompt and the username field's autofill both end as a password
 * sign-in ends (the token kept, the user read, the page in ?next= opened); a refusal says the server's sentence, a
 * closed prompt says nothing, and the waiting autofill prompt is aborted when a password sign-in starts or the form goes.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LoginForm from '../../../src/components/auth/LoginForm.tsx';
import { loginRequest } from '../../../src/lib/api/auth.ts';
import { passkeySignInOptions, signInWithPasskey } from '../../../src/lib/api/passkeys.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import { PASSKEY_FAILED, type PasskeySignInOptions } from '../../../src/shared/passkeys.ts';
import { setUpAuthFormTest, TOKEN } from './helpers/auth-form.ts';
import { apiError, deferred, requestsOf, stubLocation, stubMeFetch } from './helpers/browser.ts';

const { cancelCeremony } = vi.hoisted(() => ({ cancelCeremony: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  WebAuthnAbortService: { cancelCeremony },
}));
vi.mock('../../../src/lib/api/passkeys.ts', () => ({
  passkeySignInOptions: vi.fn(),
  signInWithPasskey: vi.fn(),
}));
vi.mock('../../../src/lib/api/auth.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../../src/lib/api/auth.ts')>()),
  loginRequest: vi.fn(),
}));

const stubs = setUpAuthFormTest('/login');

const CHALLENGE: PasskeySignInOptions = {
  handle: 'handle-1',
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
};
const ANSWER = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'c2ln' },
  clientExtensionResults: {},
} as AuthenticationResponseJSON;

const closed = (name: 'NotAllowedError' | 'AbortError') => Object.assign(new Error(name), { name });

/** The browser's prompt as the library runs it: open until answered, or until cancelCeremony aborts it. */
function promptStaysOpen() {
  let abort: (() => void) | null = null;
  vi.mocked(startAuthentication).mockImplementation(
    () =>
      new Promise((_, reject) => {
        abort = () => reject(closed('AbortError'));
      }),
  );
  cancelCeremony.mockImplementation(() => abort?.());
}

const passkeyButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with a passkey' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  for (const fn of [
    browserSupportsWebAuthn,
    browserSupportsWebAuthnAutofill,
    startAuthentication,
    cancelCeremony,
    passkeySignInOptions,
    signInWithPasskey,
  ])
    vi.mocked(fn).mockReset();
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(false);
  vi.mocked(passkeySignInOptions).mockResolvedValue(CHALLENGE);
  $token.set(null);
});

describe('LoginForm: Sign in with a passkey', () => {
  it('answers the challenge with the chosen passkey, keeps the token and goes to ?next= as a password sign-in does', async () => {
    stubs.nav = stubLocation('/login?next=%2Fshop%3Fpage%3D2');
    stubs.network = stubMeFetch({ status: 200, body: { _id: 'u1', role: 'customer', must_change_password: false } });
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    vi.mocked(signInWithPasskey).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/shop?page=2'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options, useBrowserAutofill: false });
    expect(signInWithPasskey).toHaveBeenCalledWith('handle-1', ANSWER);
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect($token.get()).toBe(TOKEN);
    // The header's Dashboard-or-Account hint comes from the user read after the sign-in.
    expect(requestsOf(stubs.network)).toEqual(['GET /api/auth/me']);
    expect(localStorage.getItem('role')).toBe('customer');
  });

  it('sends an account that must choose a new password to /profile, as a password sign-in does', async () => {
    stubMeFetch({ status: 200, body: { _id: 'u1', role: 'admin', must_change_password: true } });
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    vi.mocked(signInWithPasskey).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/profile'));
    expect(localStorage.getItem('role')).toBe('admin');
  });

  it('waits on a disabled button while the prompt is open', async () => {
    const answer = deferred<AuthenticationResponseJSON>();
    vi.mocked(startAuthentication).mockReturnValue(answer.promise);
    vi.mocked(signInWithPasskey).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    const waiting = await screen.findByRole<HTMLButtonElement>('button', { name: 'Waiting for your passkey...' });
    expect(waiting.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Login' }).disabled).toBe(true);
    await act(() => {
      answer.resolve(ANSWER);
      return Promise.resolve();
    });
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
  });

  it("shows the server's refusal, keeps no token and lets the visitor try again", async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    vi.mocked(signInWithPasskey).mockRejectedValue(apiError(401, { message: PASSKEY_FAILED }));
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_FAILED);
    expect(passkeyButton().disabled).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect($token.get()).toBeNull();
    expect(stubs.nav.assign).not.toHaveBeenCalled();
  });

  it('shows an expired challenge and too many attempts in the sentences the server sends', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    vi.mocked(signInWithPasskey)
      .mockRejectedValueOnce(apiError(400, { message: 'That took too long. Please try again.', field: 'handle' }))
      .mockRejectedValueOnce(apiError(429, { message: 'Too many attempts. Please wait a little.' }));
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('That took too long. Please try again.');
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a little.'));
  });

  it('says the passkey could not be used when the browser fails the prompt', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(Object.assign(new Error('bad rp id'), { name: 'SecurityError' }));
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_FAILED);
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('says nothing when the visitor closes the prompt', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(closed('NotAllowedError'));
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(passkeyButton().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('says passkeys are not available in a browser without WebAuthn, and asks the server for nothing', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    render(<LoginForm />);
    fireEvent.click(passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Passkeys are not available in this browser.');
    expect(passkeySignInOptions).not.toHaveBeenCalled();
  });
});

describe('LoginForm: passkeys in the username autofill', () => {
  it('is not started where the browser cannot offer passkeys in autofill', async () => {
    render(<LoginForm />);
    await waitFor(() => expect(browserSupportsWebAuthnAutofill).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(passkeySignInOptions).not.toHaveBeenCalled();
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it('waits for a passkey picked in the username field, and aborts that prompt when the form goes', async () => {
    vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true);
    promptStaysOpen();
    const { unmount } = render(<LoginForm />);
    await waitFor(() =>
      expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options, useBrowserAutofill: true }),
    );
    expect(screen.getByLabelText('Username or Email').getAttribute('autocomplete')).toBe('username webauthn');
    expect(cancelCeremony).not.toHaveBeenCalled();
    unmount();
    expect(cancelCeremony).toHaveBeenCalledOnce();
  });

  it('takes a fresh challenge before the waiting one expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true);
      promptStaysOpen();
      render(<LoginForm />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(startAuthentication).toHaveBeenCalledOnce();
      // The server keeps a challenge for 300 s.
      await act(() => vi.advanceTimersByTimeAsync(269_000));
      expect(passkeySignInOptions).toHaveBeenCalledOnce();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(cancelCeremony).toHaveBeenCalledOnce();
      expect(passkeySignInOptions).toHaveBeenCalledTimes(2);
      expect(startAuthentication).toHaveBeenCalledTimes(2);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs in with a passkey picked there as the button does', async () => {
    vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true);
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    vi.mocked(signInWithPasskey).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
    expect(signInWithPasskey).toHaveBeenCalledWith('handle-1', ANSWER);
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('is aborted when a password sign-in starts, and waits again after that sign-in is refused', async () => {
    vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true);
    promptStaysOpen();
    const refusal = deferred<never>();
    vi.mocked(loginRequest).mockReturnValue(refusal.promise);
    render(<LoginForm />);
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledOnce());
    type('Username or Email', 'ada');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(cancelCeremony).toHaveBeenCalledOnce();
    await act(() => {
      refusal.reject(apiError(401, { message: 'Invalid username or password' }));
      return Promise.resolve();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(2));
    // A closed autofill prompt is no failure: the refusal stays the only message.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('gives way to the button: its prompt replaces the waiting one, which is not reopened meanwhile', async () => {
    vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true);
    promptStaysOpen();
    render(<LoginForm />);
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledOnce());
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(2));
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: CHALLENGE.options, useBrowserAutofill: false });
    // The autofill prompt was aborted for the button's (once), and the button's prompt is still open.
    expect(cancelCeremony).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Waiting for your passkey...' })).toBeTruthy();
  });
});

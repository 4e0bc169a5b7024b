import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LoginForm from '../../../src/components/auth/LoginForm.tsx';
import { fetchMe, loginRequest, requestOtp } from '../../../src/lib/api/auth.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import { setUpAuthFormTest, TOKEN } from './helpers/auth-form.ts';
import { apiError, deferred, requestsOf, stubLocation, stubMeFetch } from './helpers/browser.ts';

// The endpoint functions the form calls are mocked; errorMessage and goAfterSignIn stay real (goAfterSignIn's
// GET /api/auth/me is answered at the fetch boundary by stubMeFetch).
vi.mock('../../../src/lib/api/auth.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/lib/api/auth.ts')>();
  return {
    ...actual,
    loginRequest: vi.fn(),
    requestOtp: vi.fn(),
    verifyOtp: vi.fn(),
    registerRequest: vi.fn(),
    fetchMe: vi.fn(),
  };
});

const stubs = setUpAuthFormTest('/login');

const identity = () => screen.getByLabelText('Username or Email');
const password = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('LoginForm', () => {
  it('shows the fields, the password toggle, Forgot Password?, passkey and Google sign-in and the link to /register', () => {
    render(<LoginForm google />);
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    // "webauthn" last: the browser may offer passkeys in the identity field's autofill list.
    expect(identity().getAttribute('autocomplete')).toBe('username webauthn');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
    expect(password().getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no Google sign-in when the build found it not configured, only the passkey', () => {
    render(<LoginForm google={false} />);
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('shows and hides the password', () => {
    render(<LoginForm />);
    type(password(), 'correct horse');
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(password().getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password().getAttribute('type')).toBe('password');
    expect((password() as HTMLInputElement).value).toBe('correct horse');
  });

  it('does not send the form while a required field is empty', () => {
    render(<LoginForm />);
    type(identity(), 'ada');
    fireEvent.click(loginButton());
    expect(loginRequest).not.toHaveBeenCalled();
    expect((password() as HTMLInputElement).validity.valueMissing).toBe(true);
  });

  it('logs in with the typed values, stores the token and goes home', async () => {
    vi.mocked(loginRequest).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    type(identity(), '  ada@example.com ');
    type(password(), ' secret with spaces ');
    fireEvent.click(loginButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
    expect(loginRequest).toHaveBeenCalledWith('ada@example.com', ' secret with spaces ');
    expect(requestsOf(stubs.network)).toEqual(['GET /api/auth/me']);
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect($token.get()).toBe(TOKEN);
  });

  it('logs in and goes back to the page in ?next=', async () => {
    stubs.nav = stubLocation('/login?next=%2Fblogs%2Fa-post');
    vi.mocked(loginRequest).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    type(identity(), 'ada');
    type(password(), 'correct horse battery');
    fireEvent.click(loginButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/blogs/a-post'));
  });

  it('sends an account that must choose a new password to /profile', async () => {
    stubMeFetch({ status: 200, body: { _id: 'u1', must_change_password: true } });
    vi.mocked(loginRequest).mockResolvedValue({ token: TOKEN });
    render(<LoginForm />);
    type(identity(), 'admin');
    type(password(), 'first password');
    fireEvent.click(loginButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/profile'));
  });

  it('says Signing in... on a disabled button while the request is in flight', async () => {
    const answer = deferred<{ token: string }>();
    vi.mocked(loginRequest).mockReturnValue(answer.promise);
    render(<LoginForm />);
    type(identity(), 'ada');
    type(password(), 'secret');
    fireEvent.click(loginButton());
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Forgot Password?' }).disabled).toBe(true);
    // The async act(): the answer settles before it returns.
    await act(() => {
      answer.resolve({ token: TOKEN });
      return Promise.resolve();
    });
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
  });

  it("shows the server's message when the login is refused, and lets the visitor try again", async () => {
    vi.mocked(loginRequest).mockRejectedValue(apiError(401, { message: 'Invalid username or password' }));
    render(<LoginForm />);
    type(identity(), 'ada');
    type(password(), 'wrong');
    fireEvent.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(stubs.nav.assign).not.toHaveBeenCalled();
  });

  it("falls back to 'Login failed' when the server sends no message", async () => {
    vi.mocked(loginRequest).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<LoginForm />);
    type(identity(), 'ada');
    type(password(), 'secret');
    fireEvent.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  describe('Forgot Password?', () => {
    it('asks for the email or username first when the field is empty', () => {
      render(<LoginForm />);
      type(identity(), '   ');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect(screen.getByRole('alert').textContent).toBe('Please enter your email/username first');
      expect(requestOtp).not.toHaveBeenCalled();
    });

    it('sends a code to the typed identity and switches to the 6-digit code entry, with a way back', async () => {
      vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
      render(<LoginForm />);
      type(identity(), ' ada@example.com ');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeTruthy();
      expect(requestOtp).toHaveBeenCalledWith('ada@example.com');
      expect(screen.getByLabelText('Enter 6-digit OTP')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain('6-digit code');
      fireEvent.click(screen.getByRole('button', { name: 'Use a different email or username' }));
      expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    });

    it('takes the visitor back from the code step with the typed identity kept and focused, without a reload', async () => {
      vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
      render(<LoginForm />);
      type(identity(), 'ada@exmaple.com');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect(await screen.findByText(/Not ada@exmaple\.com\?/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Use a different email or username' }));
      expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
      expect((identity() as HTMLInputElement).value).toBe('ada@exmaple.com');
      expect(document.activeElement).toBe(identity());
      expect(stubs.nav.assign).not.toHaveBeenCalled();
      expect(stubs.nav.replace).not.toHaveBeenCalled();
      type(identity(), 'ada@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect(await screen.findByText(/Not ada@example\.com\?/)).toBeTruthy();
      expect(requestOtp).toHaveBeenLastCalledWith('ada@example.com');
    });

    it("stays on the login form with the server's message, or 'Failed to send OTP'", async () => {
      vi.mocked(requestOtp).mockRejectedValueOnce(apiError(429, { message: 'Too many requests, try again later' }));
      vi.mocked(requestOtp).mockRejectedValueOnce(apiError(500, 'Internal Server Error'));
      render(<LoginForm />);
      type(identity(), 'ada');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later');
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to send OTP'));
      expect(screen.queryByLabelText('Enter 6-digit OTP')).toBeNull();
    });
  });

  describe('the query string', () => {
    it.each([
      ['auth_cancelled', 'Google sign in was cancelled'],
      ['auth_failed', 'Google sign in failed. Please try again'],
    ])('error=%s shows %o and leaves the address bar', async (code, text) => {
      stubLocation(`/login?error=${code}`);
      render(<LoginForm />);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(location.search).toBe('');
      expect(location.pathname).toBe('/login');
    });

    it('stores a token from Google sign-in, removes it from the address bar and goes home once it is confirmed', async () => {
      stubs.nav = stubLocation(`/login?token=${TOKEN}`);
      vi.mocked(fetchMe).mockResolvedValue({ _id: 'u1' } as Awaited<ReturnType<typeof fetchMe>>);
      render(<LoginForm />);
      await waitFor(() => expect(stubs.nav.replace).toHaveBeenCalledWith('/'));
      expect(localStorage.getItem('token')).toBe(TOKEN);
      expect(fetchMe).toHaveBeenCalledOnce();
      expect(location.search).toBe('');
    });

    it('goes back to the page in ?next= once the Google token is confirmed, never to another site', async () => {
      stubs.nav = stubLocation('/login?next=%2Fsearch%3Fq%3Ddesign');
      const { unmount } = render(<LoginForm google />);
      unmount();
      // The provider sends the browser back to /login with only the token; the kept path decides where it lands.
      stubs.nav = stubLocation(`/login?token=${TOKEN}`);
      vi.mocked(fetchMe).mockResolvedValue({ _id: 'u1', must_change_password: false } as Awaited<
        ReturnType<typeof fetchMe>
      >);
      render(<LoginForm google />);
      await waitFor(() => expect(stubs.nav.replace).toHaveBeenCalledWith('/search?q=design'));
    });

    it('ignores a ?next= that leads off the site', async () => {
      stubs.nav = stubLocation(`/login?next=${encodeURIComponent('//evil.example/x')}&token=${TOKEN}`);
      vi.mocked(fetchMe).mockResolvedValue({ _id: 'u1', must_change_password: false } as Awaited<
        ReturnType<typeof fetchMe>
      >);
      render(<LoginForm />);
      await waitFor(() => expect(stubs.nav.replace).toHaveBeenCalledWith('/'));
    });

    it('shows the Google failure text and forgets the token when the token from the query is not accepted', async () => {
      stubs.nav = stubLocation(`/login?token=${TOKEN}`);
      vi.mocked(fetchMe).mockRejectedValue(apiError(401, { message: 'Unauthorized' }));
      render(<LoginForm />);
      expect((await screen.findByRole('alert')).textContent).toBe('Google sign in failed. Please try again');
      expect(stubs.nav.replace).not.toHaveBeenCalled();
      // Otherwise the header would show Dashboard and Logout for a session that does not exist.
      expect(localStorage.getItem('token')).toBeNull();
      expect($token.get()).toBeNull();
      expect(requestsOf(stubs.network)).toEqual(['POST /api/auth/logout']);
    });

    it('ignores an implausible token', () => {
      stubLocation('/login?token=<script>');
      render(<LoginForm />);
      expect(localStorage.getItem('token')).toBeNull();
      expect(fetchMe).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});

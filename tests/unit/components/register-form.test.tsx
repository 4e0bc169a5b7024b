import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import RegisterForm from '../../../src/components/auth/RegisterForm.tsx';
import { registerRequest, requestOtp, verifyOtp } from '../../../src/lib/api/auth.ts';
import { setUpAuthFormTest, TOKEN } from './helpers/auth-form.ts';
import { apiError, deferred } from './helpers/browser.ts';

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

const stubs = setUpAuthFormTest('/register');

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const registerButton = () => screen.getByRole('button', { name: 'Register' });

/** Fills the five fields as a visitor would; `over` changes some of them. */
function fill(over: Partial<Record<'First name' | 'Last name' | 'Email' | 'Username' | 'Password', string>> = {}) {
  const values = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Email: 'ada@example.com',
    Username: 'ada',
    Password: 'analytical engine notes',
    ...over,
  };
  for (const [label, value] of Object.entries(values)) type(label, value);
}

describe('RegisterForm', () => {
  it('offers no Google sign-up when the build found it not configured', () => {
    render(<RegisterForm />);
    expect(screen.queryByRole('link', { name: 'Sign up with Google' })).toBeNull();
  });

  it('shows the five fields, the password hint, Google sign-up and the link to /login', () => {
    render(<RegisterForm google />);
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('name')).toBe('first_name');
    expect(screen.getByLabelText('Last name').getAttribute('name')).toBe('last_name');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Username').getAttribute('name')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 12 characters; a passphrase of a few words works well.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up with Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('does not send the form while a field is empty', () => {
    render(<RegisterForm />);
    fill({ Username: '' });
    fireEvent.click(registerButton());
    expect(registerRequest).not.toHaveBeenCalled();
  });

  it.each([
    [{ 'First name': '   ' }, 'First name is required'],
    [{ Username: ' ' }, 'Username is required'],
    // type="email" lets a@localhost through; the spec's email shape needs a dot in the domain.
    [{ Email: 'ada@localhost' }, 'Please enter a valid email address'],
  ])('refuses %o with %o and sends nothing', (over, message) => {
    render(<RegisterForm />);
    fill(over);
    fireEvent.click(registerButton());
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(registerRequest).not.toHaveBeenCalled();
  });

  it('creates the account with the typed values, requests a code for the email and shows the verify step', async () => {
    vi.mocked(registerRequest).mockResolvedValue({ message: 'created' });
    vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
    render(<RegisterForm />);
    fill({ Email: ' ada@example.com ', Username: ' ada ' });
    fireEvent.click(registerButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect(registerRequest).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada',
      password: 'analytical engine notes',
    });
    expect(requestOtp).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByRole('status').textContent).toBe('We have emailed a 6-digit code to ada@example.com.');
    expect(screen.getByLabelText('Enter 6-digit OTP')).toBeTruthy();
    // Registering alone never signs in.
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs the new customer in with the emailed code and goes home', async () => {
    vi.mocked(registerRequest).mockResolvedValue({ message: 'created' });
    vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
    vi.mocked(verifyOtp).mockResolvedValue({ token: TOKEN });
    render(<RegisterForm />);
    fill();
    fireEvent.click(registerButton());
    fireEvent.change(await screen.findByLabelText('Enter 6-digit OTP'), { target: { value: '482 913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
    expect(verifyOtp).toHaveBeenCalledWith('ada@example.com', '482913');
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('goes back from the verify step with the email kept and focused and the other fields as typed', async () => {
    vi.mocked(registerRequest).mockResolvedValue({ message: 'created' });
    vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
    render(<RegisterForm />);
    fill({ Email: 'ada@exmaple.com' });
    fireEvent.click(registerButton());
    expect(await screen.findByText(/Not ada@exmaple\.com\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('ada@exmaple.com');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('ada');
    expect(stubs.nav.assign).not.toHaveBeenCalled();
  });

  it('says Creating account... on a disabled button while the request is in flight', async () => {
    const answer = deferred<{ message: string }>();
    vi.mocked(registerRequest).mockReturnValue(answer.promise);
    vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
    render(<RegisterForm />);
    fill();
    fireEvent.click(registerButton());
    const busy = await screen.findByRole('button', { name: 'Creating account...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The async act(): the answer settles before it returns.
    await act(() => {
      answer.resolve({ message: 'created' });
      return Promise.resolve();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
  });

  it("shows the server's message (e.g. a password rule) and stays on the form", async () => {
    vi.mocked(registerRequest).mockRejectedValue(apiError(400, { message: 'Password must be at least 12 characters' }));
    render(<RegisterForm />);
    fill({ Password: 'short' });
    fireEvent.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 12 characters');
    expect(requestOtp).not.toHaveBeenCalled();
    expect((registerButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
  });

  it("falls back to 'Registration failed' when the server sends no message", async () => {
    vi.mocked(registerRequest).mockRejectedValue(apiError(502, '<html>Bad Gateway</html>'));
    render(<RegisterForm />);
    fill();
    fireEvent.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
  });

  it("says 'Failed to send OTP' when the account was created but the code could not be sent", async () => {
    vi.mocked(registerRequest).mockResolvedValue({ message: 'created' });
    vi.mocked(requestOtp).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<RegisterForm />);
    fill();
    fireEvent.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send OTP');
    expect(screen.queryByLabelText('Enter 6-digit OTP')).toBeNull();
    expect((registerButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

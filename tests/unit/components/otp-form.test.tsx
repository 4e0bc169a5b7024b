import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import OtpForm, { RESEND_PAUSE_MS } from '../../../src/components/auth/OtpForm.tsx';
import { requestOtp, verifyOtp } from '../../../src/lib/api/auth.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import { setUpAuthFormTest, TOKEN } from './helpers/auth-form.ts';
import { apiError, deferred, stubMeFetch } from './helpers/browser.ts';

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

const INTRO = 'We have emailed a 6-digit code to ada@example.com.';
const stubs = setUpAuthFormTest('/login');

const code = () => screen.getByLabelText<HTMLInputElement>('Enter 6-digit OTP');
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const type = (value: string) => fireEvent.change(code(), { target: { value } });

describe('OtpForm', () => {
  it("shows the intro and the code field prompted 'Enter 6-digit OTP'", () => {
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    expect(screen.getByRole('status').textContent).toBe(INTRO);
    expect(code().placeholder).toBe('Enter 6-digit OTP');
    expect(code().maxLength).toBe(6);
    expect(code().required).toBe(true);
    expect(code().getAttribute('autocomplete')).toBe('one-time-code');
    expect(code().inputMode).toBe('numeric');
  });

  it('keeps only digits, at most six of them', () => {
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('12a 3-4');
    expect(code().value).toBe('1234');
    type('98765432');
    expect(code().value).toBe('987654');
  });

  it.each([[''], ['123']])('does not send the code %o (required, six digits)', (value) => {
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type(value);
    fireEvent.click(verifyButton());
    expect(verifyOtp).not.toHaveBeenCalled();
  });

  it('verifies the code for the email, stores the token and goes home', async () => {
    vi.mocked(verifyOtp).mockResolvedValue({ token: TOKEN });
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('048213');
    fireEvent.click(verifyButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
    expect(verifyOtp).toHaveBeenCalledWith('ada@example.com', '048213');
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect($token.get()).toBe(TOKEN);
  });

  it('sends an account that must choose a new password to /profile', async () => {
    stubMeFetch({ status: 200, body: { _id: 'u1', must_change_password: true } });
    vi.mocked(verifyOtp).mockResolvedValue({ token: TOKEN });
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('048213');
    fireEvent.click(verifyButton());
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/profile'));
  });

  it('says Verifying... on a disabled button while the request is in flight', async () => {
    const answer = deferred<{ token: string }>();
    vi.mocked(verifyOtp).mockReturnValue(answer.promise);
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('048213');
    fireEvent.click(verifyButton());
    const busy = await screen.findByRole('button', { name: 'Verifying...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The async act(): the answer settles before it returns.
    await act(() => {
      answer.resolve({ token: TOKEN });
      return Promise.resolve();
    });
    await waitFor(() => expect(stubs.nav.assign).toHaveBeenCalledWith('/'));
  });

  it("shows the server's message for a refused code and lets the visitor try again", async () => {
    vi.mocked(verifyOtp).mockRejectedValue(apiError(400, { message: 'Code expired, request a new one' }));
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('048213');
    fireEvent.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Code expired, request a new one');
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(stubs.nav.assign).not.toHaveBeenCalled();
  });

  it("falls back to 'Invalid OTP' when the server sends no message", async () => {
    vi.mocked(verifyOtp).mockRejectedValue(apiError(400, { message: '  ' }));
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    type('000000');
    fireEvent.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP');
  });

  it('offers Back only when the parent gives a way back', () => {
    const onBack = vi.fn();
    const { unmount } = render(<OtpForm email="ada@example.com" intro={INTRO} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(verifyOtp).not.toHaveBeenCalled();
    unmount();
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('offers to use a different email only when the parent can take the visitor back', () => {
    const onChangeEmail = vi.fn();
    const { unmount } = render(<OtpForm email="ada@example.com" intro={INTRO} onChangeEmail={onChangeEmail} />);
    expect(screen.getByText(/Not ada@example\.com\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onChangeEmail).toHaveBeenCalledOnce();
    expect(verifyOtp).not.toHaveBeenCalled();
    expect(requestOtp).not.toHaveBeenCalled();
    unmount();
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    expect(screen.queryByRole('button', { name: 'Use a different email' })).toBeNull();
  });

  it('sends a new code to the same email, says so, and rests the button for a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(requestOtp).mockResolvedValue({ message: 'sent' });
      render(<OtpForm email="ada@example.com" intro={INTRO} />);
      const again = () => screen.getByRole('button', { name: 'send a new code' });
      fireEvent.click(again());
      expect(
        await screen.findByText('A new code is on its way to ada@example.com. Enter the newest one.'),
      ).toBeTruthy();
      expect(requestOtp).toHaveBeenCalledWith('ada@example.com');
      expect(again().hasAttribute('disabled')).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(RESEND_PAUSE_MS));
      expect(again().hasAttribute('disabled')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's refusal of a new code and lets the visitor try again", async () => {
    vi.mocked(requestOtp).mockRejectedValue(apiError(429, { message: 'Too many attempts. Please try again later' }));
    render(<OtpForm email="ada@example.com" intro={INTRO} />);
    fireEvent.click(screen.getByRole('button', { name: 'send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later');
    expect(screen.getByRole('button', { name: 'send a new code' }).hasAttribute('disabled')).toBe(false);
  });
});

/**
 * Form errors tied to their fields on the sign-in screens: an input the error is about is
 * aria-invalid and described by the Alert (keeping its hint), gets the focus after the failed submit, and is no longer
 * marked once edited; an error about the form as a whole marks nothing.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ChangePasswordForm from '../../../src/components/auth/ChangePasswordForm.tsx';
import LoginForm from '../../../src/components/auth/LoginForm.tsx';
import OtpForm from '../../../src/components/auth/OtpForm.tsx';
import RegisterForm from '../../../src/components/auth/RegisterForm.tsx';
import ResetPasswordForm from '../../../src/components/auth/ResetPasswordForm.tsx';
import TwoFactorStep from '../../../src/components/auth/TwoFactorStep.tsx';
import {
  changePassword,
  loginRequest,
  registerRequest,
  requestOtp,
  resetPassword,
  verifyOtp,
} from '../../../src/lib/api/auth.ts';
import { completeTwoFactor } from '../../../src/lib/api/two-factor.ts';
import { setUpAuthFormTest } from './helpers/auth-form.ts';
import { apiError, stubLocation } from './helpers/browser.ts';
import { expectMarked, expectUnmarked, type } from './helpers/field-errors.ts';

vi.mock('../../../src/lib/api/auth.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/lib/api/auth.ts')>();
  return {
    ...actual,
    loginRequest: vi.fn(),
    requestOtp: vi.fn(),
    verifyOtp: vi.fn(),
    registerRequest: vi.fn(),
    resetPassword: vi.fn(),
    changePassword: vi.fn(),
    fetchMe: vi.fn(),
  };
});
vi.mock('../../../src/lib/api/two-factor.ts', () => ({ completeTwoFactor: vi.fn() }));

setUpAuthFormTest('/login');

const label = (text: string) => screen.getByLabelText(text);

describe('RegisterForm', () => {
  function fill() {
    const values = {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Email: 'ada@example.com',
      Username: 'ada',
      Password: 'analytical engine notes',
    };
    for (const [name, value] of Object.entries(values)) type(label(name), value);
  }

  it("marks the field the server's refusal names, keeps its hint, focuses it, and lets go of it once edited", async () => {
    vi.mocked(registerRequest).mockRejectedValue(
      apiError(400, { message: 'Password is too common; choose another', field: 'password' }),
    );
    render(<RegisterForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Password is too common; choose another');
    expectMarked(label('Password'), alert);
    const hint = screen.getByText(/^At least 12 characters/);
    expect(label('Password').getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
    for (const other of ['First name', 'Last name', 'Email', 'Username']) expectUnmarked(label(other));
    await waitFor(() => expect(document.activeElement).toBe(label('Password')));
    type(label('Password'), 'a longer and rarer passphrase');
    expectUnmarked(label('Password'));
    expect(label('Password').getAttribute('aria-describedby')).toBe(hint.id);
    // The message itself stays until the next submit.
    expect(screen.getByRole('alert').textContent).toBe('Password is too common; choose another');
  });

  it('marks the field a browser-side check is about', async () => {
    render(<RegisterForm />);
    fill();
    type(label('Username'), '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expectMarked(label('Username'), screen.getByRole('alert'));
    expectUnmarked(label('Email'));
    await waitFor(() => expect(document.activeElement).toBe(label('Username')));
  });

  it('marks no field when the refusal names none', async () => {
    vi.mocked(registerRequest).mockRejectedValue(apiError(502, 'Bad Gateway'));
    render(<RegisterForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
    for (const name of ['First name', 'Last name', 'Email', 'Username', 'Password']) expectUnmarked(label(name));
  });
});

describe('LoginForm', () => {
  it('marks both fields for wrong credentials (the message never says which), focusing the first', async () => {
    vi.mocked(loginRequest).mockRejectedValue(apiError(401, { message: 'Invalid username or password' }));
    render(<LoginForm />);
    type(label('Username or Email'), 'ada');
    type(label('Password'), 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expectMarked(label('Username or Email'), alert);
    expectMarked(label('Password'), alert);
    await waitFor(() => expect(document.activeElement).toBe(label('Username or Email')));
    type(label('Password'), 'right');
    expectUnmarked(label('Password'));
    expectMarked(label('Username or Email'), alert);
  });

  it('marks nothing for a refusal about the account or the moment (too many attempts)', async () => {
    vi.mocked(loginRequest).mockRejectedValue(apiError(429, { message: 'Too many attempts. Please try again later' }));
    render(<LoginForm />);
    type(label('Username or Email'), 'ada');
    type(label('Password'), 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later');
    expectUnmarked(label('Username or Email'));
    expectUnmarked(label('Password'));
  });

  it('Forgot Password? with no identity marks the identity field; a new submit clears the mark', async () => {
    vi.mocked(loginRequest).mockReturnValue(new Promise(() => undefined));
    render(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expectMarked(label('Username or Email'), screen.getByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(label('Username or Email')));
    expect(requestOtp).not.toHaveBeenCalled();
    type(label('Username or Email'), 'ada');
    type(label('Password'), 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Signing in...' });
    expect(screen.queryByRole('alert')).toBeNull();
    expectUnmarked(label('Username or Email'));
  });
});

describe('ResetPasswordForm', () => {
  it('marks the confirmation when the two passwords differ, then the field the server names', async () => {
    stubLocation('/reset-password?token=reset-token-123');
    vi.mocked(resetPassword).mockRejectedValue(
      apiError(400, { message: 'Password must be at least 12 characters', field: 'newPassword' }),
    );
    render(<ResetPasswordForm />);
    type(label('New password'), 'one long passphrase');
    type(label('Confirm password'), 'another passphrase');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expectMarked(label('Confirm password'), screen.getByRole('alert'));
    expectUnmarked(label('New password'));
    await waitFor(() => expect(document.activeElement).toBe(label('Confirm password')));
    type(label('Confirm password'), 'one long passphrase');
    expectUnmarked(label('Confirm password'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 12 characters');
    expectMarked(label('New password'), screen.getByRole('alert'));
    expectUnmarked(label('Confirm password'));
  });
});

describe('ChangePasswordForm', () => {
  it('marks the current password the server finds wrong', async () => {
    vi.mocked(changePassword).mockRejectedValue(
      apiError(400, { message: 'The current password is not correct', field: 'currentPassword' }),
    );
    render(<ChangePasswordForm onChanged={() => undefined} />);
    type(label('Current password'), 'not it');
    type(label('New password'), 'a brand new passphrase');
    type(label('Confirm password'), 'a brand new passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert');
    expectMarked(label('Current password'), alert);
    expectUnmarked(label('New password'));
    await waitFor(() => expect(document.activeElement).toBe(label('Current password')));
  });
});

describe('OtpForm', () => {
  it('marks the code the server refuses, and lets go of it once the code is typed again', async () => {
    vi.mocked(verifyOtp).mockRejectedValue(
      apiError(400, { message: 'This code is wrong or has expired; request a new one', field: 'otp' }),
    );
    render(<OtpForm email="ada@example.com" intro="We have emailed a 6-digit code." />);
    const code = label('Enter 6-digit OTP');
    type(code, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expectMarked(code, await screen.findByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(code));
    type(code, '654321');
    expectUnmarked(code);
  });

  it('marks nothing when too many wrong codes ended the code', async () => {
    vi.mocked(verifyOtp).mockRejectedValue(
      apiError(429, { message: 'Too many wrong codes. Please request a new code' }),
    );
    render(<OtpForm email="ada@example.com" intro="We have emailed a 6-digit code." />);
    type(label('Enter 6-digit OTP'), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('alert');
    expectUnmarked(label('Enter 6-digit OTP'));
  });
});

describe('TwoFactorStep', () => {
  it('marks a wrong code; a challenge that is gone shuts the field and marks nothing', async () => {
    vi.mocked(completeTwoFactor).mockRejectedValueOnce(
      apiError(400, { message: 'That code is not right. Please try again', field: 'code' }),
    );
    vi.mocked(completeTwoFactor).mockRejectedValueOnce(apiError(401, { message: 'Please sign in again' }));
    render(<TwoFactorStep challenge="challenge-1" onBack={() => undefined} />);
    const code = label('Authentication code');
    type(code, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expectMarked(code, await screen.findByRole('alert'));
    await waitFor(() => expect(document.activeElement).toBe(code));
    type(code, '654321');
    expectUnmarked(code);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please sign in again'));
    expect((code as HTMLInputElement).disabled).toBe(true);
    expectUnmarked(code);
  });
});

import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/lib/api/auth.ts';
import { AUTH_TEXTS, cleanOtp, isEmailShape, readLoginQuery, registerProblem } from '../../src/lib/auth-rules.ts';

describe('readLoginQuery', () => {
  it.each([
    ['', { kind: 'none' }],
    ['?error=auth_cancelled', { kind: 'error', message: 'Google sign in was cancelled' }],
    ['?error=auth_failed', { kind: 'error', message: 'Google sign in failed. Please try again' }],
    ['?error=something_else', { kind: 'none' }],
    [`?token=${'a'.repeat(43)}`, { kind: 'token', token: 'a'.repeat(43) }],
    ['?token=<script>', { kind: 'none' }],
    ['?token=short', { kind: 'none' }],
  ])('reads %o', (search, expected) => {
    expect(readLoginQuery(search)).toEqual(expected);
  });
});

describe('cleanOtp', () => {
  it.each([
    ['123456', '123456'],
    ['12 34 56', '123456'],
    ['1234567', '123456'],
    ['abc', ''],
  ])('keeps %o as %o', (input, expected) => {
    expect(cleanOtp(input)).toBe(expected);
  });
});

describe('registerProblem', () => {
  const ok = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', username: 'ada', password: 'analytical engine' };
  it('accepts a complete form', () => {
    expect(registerProblem(ok)).toBeNull();
  });
  it.each([
    [{ first_name: ' ' }, 'First name is required'],
    [{ last_name: '' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ username: '' }, 'Username is required'],
    [{ password: '' }, 'Password is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %o', (change, message) => {
    expect(registerProblem({ ...ok, ...change })).toBe(message);
  });
  it('checks email shape', () => {
    expect(isEmailShape('a@b.co')).toBe(true);
    expect(isEmailShape('a@b')).toBe(false);
    expect(isEmailShape('a b@c.de')).toBe(false);
  });
});

describe('errorMessage', () => {
  it('prefers the server message and falls back to the fixed text', () => {
    expect(errorMessage({ data: { message: 'Email already registered' } }, AUTH_TEXTS.registerFailed)).toBe('Email already registered');
    expect(errorMessage({ data: {} }, AUTH_TEXTS.loginFailed)).toBe('Login failed');
    expect(errorMessage(new Error('network'), AUTH_TEXTS.otpInvalid)).toBe('Invalid OTP');
    expect(errorMessage(null, AUTH_TEXTS.resetFailed)).toBe('Failed to reset password');
  });
});

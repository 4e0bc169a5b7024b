import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/lib/api/auth.ts';
import { parseAuthProviders } from '../../src/shared/schemas/auth-providers.ts';
import {
  AUTH_TEXTS,
  cleanOtp,
  isEmailShape,
  loginHref,
  readLoginQuery,
  registerProblem,
  safeReturnPath,
} from '../../src/lib/auth-rules.ts';

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
  const ok = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    password: 'analytical engine',
  };
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
    expect(errorMessage({ data: { message: 'Email already registered' } }, AUTH_TEXTS.registerFailed)).toBe(
      'Email already registered',
    );
    expect(errorMessage({ data: {} }, AUTH_TEXTS.loginFailed)).toBe('Login failed');
    expect(errorMessage(new Error('network'), AUTH_TEXTS.otpInvalid)).toBe('Invalid OTP');
    expect(errorMessage(null, AUTH_TEXTS.resetFailed)).toBe('Failed to reset password');
  });
});

describe('safeReturnPath: only a path on this site, never an open redirect', () => {
  const origin = 'https://shop.example';
  it.each([
    ['/profile', '/profile'],
    ['/search?q=design', '/search?q=design'],
    ['/blogs/a-post#comments', '/blogs/a-post#comments'],
    ['/', '/'],
    ['/a/../profile', '/profile'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/\\/evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['https://evil.example/', null],
    ['https://shop.example/profile', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['profile', null],
    [' /profile', null],
    ['', null],
    ['/' + 'a'.repeat(2048), null],
    [null, null],
    [42, null],
  ])('takes %j as %j', (value, expected) => {
    expect(safeReturnPath(value, origin)).toBe(expected);
  });
});

describe('loginHref', () => {
  it.each([
    ['/profile', '/login?next=%2Fprofile'],
    ['/search?q=design', '/login?next=%2Fsearch%3Fq%3Ddesign'],
    ['/', '/login'],
    ['/login', '/login'],
    ['/login?next=%2Fshop', '/login'],
    ['/register/', '/login'],
    ['/reset-password?token=x', '/login'],
  ])('sends a visitor on %s to %s', (path, expected) => {
    expect(loginHref(path)).toBe(expected);
  });

  it('builds the register address the same way', () => {
    expect(loginHref('/shop', '/register')).toBe('/register?next=%2Fshop');
  });

  it('round-trips: the next parameter it writes is accepted as a return path', () => {
    const next = new URLSearchParams(loginHref('/search?q=a%20b&page=2').split('?')[1]).get('next');
    expect(safeReturnPath(next, 'http://x.test')).toBe('/search?q=a%20b&page=2');
  });
});

describe('parseAuthProviders', () => {
  it.each([
    [{ google: true }, true],
    [{ google: false }, false],
    [{ google: 'true' }, false],
    [{}, false],
    [null, false],
    ['google', false],
  ])('reads %j as google %s', (answer, google) => {
    expect(parseAuthProviders(answer)).toEqual({ google });
  });
});

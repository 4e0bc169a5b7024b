import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  identifierKey,
  parseIdentifier,
  usernameKey,
  usernameProblem,
} from '../../src/server/modules/auth/identifiers.ts';
import {
  browserHash,
  browserNonce,
  isKnownBrowser,
  knownBrowserProof,
  sentNonce,
} from '../../src/server/modules/auth/otp-browser.ts';
import {
  hashOtp,
  isOtpShape,
  newOtp,
  OTP_MAX_ATTEMPTS,
  otpMatches,
  wrongGuessOutcome,
} from '../../src/server/modules/auth/otp.ts';
import { isCommonPassword, newPasswordProblem } from '../../src/server/modules/auth/password-check.ts';
import { isOpaqueToken, newOpaqueToken, sha256Hex } from '../../src/server/modules/auth/tokens.ts';

describe('one-time codes', () => {
  it('are six zero-padded digits', () => {
    const codes = Array.from({ length: 500 }, newOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
    expect(isOtpShape('012345')).toBe(true);
    expect(isOtpShape('12345')).toBe(false);
    expect(isOtpShape('12345a')).toBe(false);
  });

  it('are stored as an HMAC bound to the key and the user', () => {
    const key = randomBytes(32);
    const hash = hashOtp(key, 'user-1', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(otpMatches(key, 'user-1', '123456', hash)).toBe(true);
    expect(otpMatches(key, 'user-1', '123457', hash)).toBe(false);
    expect(otpMatches(key, 'user-2', '123456', hash)).toBe(false);
    expect(otpMatches(randomBytes(32), 'user-1', '123456', hash)).toBe(false);
  });

  it('refuse a malformed stored hash instead of throwing', () => {
    expect(otpMatches(randomBytes(32), 'user-1', '123456', 'abcd')).toBe(false);
  });
});

describe('wrong guesses at a code', () => {
  it('answers 400 until the wrong guess that reaches the cap, 429 from then on, 400 for a code that is gone', () => {
    expect(OTP_MAX_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5, 6].map(wrongGuessOutcome)).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'exhausted',
      'exhausted',
    ]);
    expect(wrongGuessOutcome(undefined)).toBe('invalid');
  });
});

describe('the code-asking browser', () => {
  const key = randomBytes(32);

  it('keeps a well-formed nonce and makes a new one for anything else', () => {
    const made = browserNonce(undefined);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browserNonce(made)).toBe(made);
    expect(browserNonce('short')).not.toBe('short');
    expect(browserNonce(`${made}x`)).not.toBe(`${made}x`);
    expect(sentNonce(made)).toBe(made);
    expect(sentNonce('x')).toBeUndefined();
    expect(sentNonce(undefined)).toBeUndefined();
  });

  it('is stored as a keyed hash, never the nonce', () => {
    const nonce = browserNonce(undefined);
    expect(browserHash(key, nonce)).toMatch(/^[0-9a-f]{64}$/);
    expect(browserHash(key, nonce)).toBe(browserHash(key, nonce));
    expect(browserHash(randomBytes(32), nonce)).not.toBe(browserHash(key, nonce));
  });

  it('is known to an account only with the proof made for that account and nonce', () => {
    const nonce = browserNonce(undefined);
    const proof = knownBrowserProof(key, 'user-1', nonce);
    expect(isKnownBrowser(key, 'user-1', nonce, proof)).toBe(true);
    expect(isKnownBrowser(key, 'user-2', nonce, proof)).toBe(false);
    expect(isKnownBrowser(key, 'user-1', browserNonce(undefined), proof)).toBe(false);
    expect(isKnownBrowser(randomBytes(32), 'user-1', nonce, proof)).toBe(false);
    expect(isKnownBrowser(key, 'user-1', nonce, undefined)).toBe(false);
    expect(isKnownBrowser(key, 'user-1', nonce, 'short')).toBe(false);
  });
});

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url and stored as SHA-256', () => {
    const token = newOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newOpaqueToken()).not.toBe(token);
    expect(isOpaqueToken(token)).toBe(true);
    expect(isOpaqueToken(`${token}x`)).toBe(false);
    expect(sha256Hex(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('identifiers', () => {
  it('tell emails from usernames and fold usernames for uniqueness', () => {
    expect(parseIdentifier(' Jane@Example.COM ')).toEqual({ kind: 'email', value: 'jane@example.com' });
    expect(parseIdentifier('JaneDoe')).toEqual({ kind: 'username', value: 'janedoe' });
    expect(usernameKey('Straße')).toBe(usernameKey('STRASSE'));
    expect(usernameKey('ｊａｎｅ')).toBe('jane');
    expect(identifierKey(parseIdentifier('JANE'))).toBe('username:jane');
  });

  it('refuse short, odd or reserved usernames', () => {
    expect(usernameProblem('jo')).toMatch(/3 to 30/);
    expect(usernameProblem('jane doe')).toMatch(/letters, digits/);
    expect(usernameProblem('jane@doe')).toMatch(/letters, digits/);
    expect(usernameProblem('Admin')).toMatch(/reserved/);
    expect(usernameProblem('jane.doe_2')).toBeNull();
    expect(usernameProblem('zoë')).toBeNull();
  });
});

describe('server password policy', () => {
  it('adds the common-password list to the shared rules', () => {
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(newPasswordProblem('qwerty123456', [])).toMatch(/too common/);
    expect(newPasswordProblem('short', [])).toMatch(/at least 12/);
    expect(newPasswordProblem('janedoe-rules-forever', ['janedoe'])).toMatch(/must not contain/);
    expect(newPasswordProblem('correct horse battery staple', [])).toBeNull();
  });
});

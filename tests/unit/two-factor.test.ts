/**
 * The pure rules of two-factor sign-in: which TOTP step a code matches (±1 step, never one already used),
 * the secret's encryption at rest, recovery codes, the browser named in the new sign-in mail, and the screens' rules.
 */
import { randomBytes } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { assert, describe, expect, it } from 'vitest';
import { proofOf, readTwoFactorQuery, recoveryCodesText } from '../../src/components/auth/two-factor-rules.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../../src/server/modules/auth/recovery-codes.ts';
import { matchingStep, newTotpKey, stepAt, totpSetup } from '../../src/server/modules/auth/totp.ts';
import { decryptTotpKey, encryptTotpKey, twoFactorSecretKey } from '../../src/server/modules/auth/two-factor-secret.ts';
import { browserOf } from '../../src/server/modules/auth/user-agent.ts';
import { isRecoveryShape, normaliseSecondFactor } from '../../src/shared/two-factor.ts';
import { TwoFactorSignInBody } from '../../src/shared/schemas/two-factor.ts';

const key = new Uint8Array(Buffer.from('3132333435363738393031323334353637383930', 'hex'));
const at = (seconds: number) => seconds * 1000;
const codeFor = (step: number) => generateHOTP(key, BigInt(step), 6);

describe('TOTP codes', () => {
  it('matches RFC 6238 test vectors (SHA-1, the last 6 digits)', () => {
    // RFC 6238 appendix B: 94287082 at T=59, 07081804 at T=1111111109.
    expect(matchingStep(key, '287082', at(59), null)).toBe(1);
    expect(matchingStep(key, '081804', at(1111111109), null)).toBe(stepAt(at(1111111109)));
  });

  it.each([
    [-1, true],
    [0, true],
    [1, true],
    [-2, false],
    [2, false],
  ])('takes the code of the step %i away from now: %s', (offset, accepted) => {
    const now = at(1_800_000_015);
    const step = stepAt(now) + offset;
    expect(matchingStep(key, codeFor(step), now, null)).toBe(accepted ? step : null);
  });

  it('never takes a code of the last used step or an earlier one', () => {
    const now = at(1_800_000_015);
    const step = stepAt(now);
    expect(matchingStep(key, codeFor(step), now, step)).toBeNull();
    expect(matchingStep(key, codeFor(step - 1), now, step)).toBeNull();
    expect(matchingStep(key, codeFor(step + 1), now, step)).toBe(step + 1);
  });

  it.each(['', '12345', '1234567', 'abcdef', ' 12345'])('refuses %j without trying', (code) => {
    expect(matchingStep(key, code, Date.now(), null)).toBeNull();
  });

  it('describes a new key as an otpauth address and as base32 text in groups of four', () => {
    const fresh = newTotpKey();
    expect(fresh).toHaveLength(20);
    const { uri, secret } = totpSetup('Northwind: Studio', 'ada@example.com', fresh);
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Northwind  Studio');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(secret.replace(/ /g, '')).toBe(url.searchParams.get('secret'));
    expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{4}$/);
  });
});

describe('the secret at rest', () => {
  const serverKey = twoFactorSecretKey(randomBytes(32));

  it('decrypts only with the same key for the same user', () => {
    const stored = encryptTotpKey(serverKey, 'user-1', key);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const decrypted = decryptTotpKey(serverKey, 'user-1', stored);
    assert(decrypted, 'the same key for the same user decrypts');
    expect(Buffer.from(decrypted)).toEqual(Buffer.from(key));
    expect(decryptTotpKey(serverKey, 'user-2', stored)).toBeNull();
    expect(decryptTotpKey(twoFactorSecretKey(randomBytes(32)), 'user-1', stored)).toBeNull();
    const [v, iv, tag, body] = stored.split('.');
    assert(body !== undefined, 'the stored secret has a body');
    const flipped = Buffer.from(body, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    expect(decryptTotpKey(serverKey, 'user-1', [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(decryptTotpKey(serverKey, 'user-1', 'garbage')).toBeNull();
  });

  it('encrypts the same key differently each time', () => {
    expect(encryptTotpKey(serverKey, 'u', key)).not.toBe(encryptTotpKey(serverKey, 'u', key));
  });
});

describe('recovery codes', () => {
  it('makes 10 different codes of 10 unambiguous characters, shown as two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[01ilou]/);
      expect(isRecoveryShape(normaliseSecondFactor(code))).toBe(true);
    }
  });

  it('hashes a code the same whatever its case and dash, and differently per account', () => {
    const k = randomBytes(32);
    expect(hashRecoveryCode(k, 'u1', 'abcde-fghjk')).toBe(hashRecoveryCode(k, 'u1', 'ABCDEFGHJK'));
    expect(hashRecoveryCode(k, 'u1', 'abcde-fghjk')).not.toBe(hashRecoveryCode(k, 'u2', 'abcde-fghjk'));
    expect(hashRecoveryCode(k, 'u1', 'abcde-fghjk')).not.toContain('abcde');
  });

  it('writes the download as one code a line', () => {
    expect(recoveryCodesText('example.com', ['aaaaa-bbbbb', 'ccccc-ddddd']).split('\n')).toEqual([
      'Recovery codes for example.com',
      'Each code signs you in once instead of a code from your authenticator app.',
      '',
      'aaaaa-bbbbb',
      'ccccc-ddddd',
      '',
    ]);
  });
});

describe('the second-step body', () => {
  const challenge = 'a'.repeat(43);
  it.each([
    ['123 456', '123456'],
    ['ABCDE-FGHJK', 'abcdefghjk'],
    [' abcde fghjk ', 'abcdefghjk'],
  ])('takes %j as %j', (code, parsed) => {
    expect(TwoFactorSignInBody.parse({ challenge, code })).toEqual({ challenge, code: parsed });
  });

  it.each(['', '12345', '1234567', 'abcdefghij1', 'abcde-fghj0', 'x'.repeat(100)])('refuses the code %j', (code) => {
    expect(TwoFactorSignInBody.safeParse({ challenge, code }).success).toBe(false);
  });

  it('refuses a challenge that is not a token', () => {
    expect(TwoFactorSignInBody.safeParse({ challenge: 'short', code: '123456' }).success).toBe(false);
  });
});

describe('the browser in the new sign-in mail', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'an unknown browser'],
    [undefined, 'an unknown browser'],
    ['<script>alert(1)</script>', 'an unknown browser'],
  ])('names %j as %j', (ua, name) => {
    expect(browserOf(ua)).toBe(name);
  });
});

describe('the login page and the Settings forms', () => {
  const challenge = 'b'.repeat(43);
  it('reads the second step the Google callback hands over, and nothing else', () => {
    expect(readTwoFactorQuery(`?two_factor=code&challenge=${challenge}`)).toEqual({
      twoFactor: 'code',
      challenge,
      expiresAt: '',
    });
    expect(readTwoFactorQuery(`?two_factor=enrol&challenge=${challenge}`)?.twoFactor).toBe('enrol');
    expect(readTwoFactorQuery(`?two_factor=other&challenge=${challenge}`)).toBeNull();
    expect(readTwoFactorQuery('?two_factor=code&challenge=short')).toBeNull();
    expect(readTwoFactorQuery('?token=abc')).toBeNull();
  });

  it('sends a code-shaped proof as a code and anything else as the password', () => {
    expect(proofOf('123 456')).toEqual({ code: '123456' });
    expect(proofOf('ABCDE-FGHJK')).toEqual({ code: 'abcdefghjk' });
    expect(proofOf('correct horse battery staple')).toEqual({ password: 'correct horse battery staple' });
    expect(proofOf('abcdefghjk23')).toEqual({ password: 'abcdefghjk23' });
  });
});

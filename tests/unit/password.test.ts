import { describe, expect, it } from 'vitest';
import { contextWords, newPasswordProblem } from '../../src/server/modules/auth/password-check.ts';
import { hashPassword, verifyPassword } from '../../src/server/modules/auth/password-hash.ts';
import { passwordProblem } from '../../src/shared/password-policy.ts';

describe('passwordProblem', () => {
  it.each([
    ['short1234', /at least 12/],
    ['a'.repeat(129), /at most 128/],
    ['aaaaaaaaaaaaaaaa', /too easy/],
    ['northwind-is-great', /must not contain/],
    // The browser's forms share this rule: the site name in any spacing or case.
    ['my NorthWindStudio key 2026', /must not contain/],
  ])('refuses %s', (password, reason) => {
    expect(passwordProblem(password, ['Northwind', 'Northwind Studio'])).toMatch(reason);
  });

  it('accepts a long passphrase with spaces and unicode, and counts code points', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('ñandú ñandú ñ')).toBeNull();
    expect(passwordProblem(Array.from('😀🎉🚀'.repeat(43)).slice(0, 128).join(''))).toBeNull();
  });
});

describe('newPasswordProblem (server policy)', () => {
  const words = contextWords(
    { first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l', email: 'ada.l@example.com' },
    'Northwind Studio',
  );

  it.each([
    'my northwindstudio key',
    'NorthWindStudio2026!',
    'north wind studio rocks',
    'i love northwind-studio',
    'NORTHWIND STUDIO forever',
  ])('refuses %o: the site name in any spacing or case', (password) => {
    expect(newPasswordProblem(password, words)).toBe('Password must not contain your name, email or the site name');
  });

  it('refuses the other context words without their separators too', () => {
    expect(newPasswordProblem('the lovelace machine 1843', words)).toMatch(/must not contain/);
    expect(newPasswordProblem('adal lovely evenings', words)).toMatch(/must not contain/);
  });

  it('accepts a password that only shares short pieces with the site name', () => {
    expect(newPasswordProblem('north star over the studio', words)).toBeNull();
  });
});

describe('argon2id password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword('correct horse battery stapl', hash)).ok).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password here')).not.toBe(await hashPassword('same password here'));
  });

  it('normalises to NFKC so composed and decomposed forms match', async () => {
    const hash = await hashPassword('caf\u00e9 au lait please');
    expect((await verifyPassword('cafe\u0301 au lait please', hash)).ok).toBe(true);
  });

  it('flags hashes made with other parameters for rehashing and rejects garbage', async () => {
    expect(await verifyPassword('x', 'not a hash')).toEqual({ ok: false, needsRehash: false });
    const old = (await hashPassword('correct horse battery staple')).replace('m=19456,t=2', 'm=19456,t=3');
    expect((await verifyPassword('correct horse battery staple', old)).needsRehash).toBe(true);
  });
});

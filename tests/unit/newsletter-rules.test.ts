import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import {
  CONFIRM_TTL_MS,
  confirmExpiry,
  isExpired,
  newsletterLink,
  signupAction,
} from '../../src/server/modules/newsletter/newsletter-rules.ts';
import { NewsletterSignup, NewsletterToken } from '../../src/shared/schemas/newsletter.ts';

describe('newsletter sign-up rules', () => {
  it('creates a new address, reissues a pending or unsubscribed one, and leaves a confirmed one alone', () => {
    expect(signupAction(undefined)).toBe('create');
    expect(signupAction('pending')).toBe('reissue');
    expect(signupAction('unsubscribed')).toBe('reissue');
    expect(signupAction('confirmed')).toBe('none');
  });

  it('a confirmation link works for 48 hours and not a moment longer', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    expect(CONFIRM_TTL_MS).toBe(48 * 3_600_000);
    const expires = confirmExpiry(now);
    expect(expires).toBe('2026-11-26T10:00:00.000Z');
    expect(isExpired(expires, new Date('2026-11-26T09:59:59.999Z'))).toBe(false);
    expect(isExpired(expires, new Date('2026-11-26T10:00:00.000Z'))).toBe(true);
    expect(isExpired(null, now)).toBe(true);
    expect(isExpired('garbage', now)).toBe(true);
  });

  it('stores tokens as their SHA-256 only', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('links to the confirm and unsubscribe pages of the site', () => {
    expect(newsletterLink('https://shop.example', 'confirm', 'a-b_c')).toBe(
      'https://shop.example/newsletter/confirm?token=a-b_c',
    );
    expect(newsletterLink('https://shop.example', 'unsubscribe', 'x')).toBe(
      'https://shop.example/newsletter/unsubscribe?token=x',
    );
  });

  it('normalises the email and refuses control characters and malformed tokens', () => {
    expect(NewsletterSignup.parse({ email: ' Ada@Example.COM ' })).toEqual({ email: 'ada@example.com' });
    expect(NewsletterSignup.safeParse({ email: 'a@example.com\nBcc: b@example.com' }).success).toBe(false);
    expect(NewsletterToken.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    expect(NewsletterToken.safeParse({ token: 'A'.repeat(42) }).success).toBe(false);
    expect(NewsletterToken.safeParse({ token: `${'A'.repeat(42)}=` }).success).toBe(false);
  });
});

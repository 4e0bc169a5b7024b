import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';

describe('parseEnv', () => {
  it('applies the contract defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(4321);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.SEED).toBe('demo');
    expect(env.ADMIN_EMAIL).toBe('admin@example.com');
    expect(env.SITE_URL).toBe('http://localhost:4321');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('derives SITE_URL from PORT and strips a trailing slash from a given one', () => {
    expect(parseEnv({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(parseEnv({ SITE_URL: 'https://example.com/' }).SITE_URL).toBe('https://example.com');
  });

  it('keeps the per-address rate limits on unless RATE_LIMITS says off', () => {
    expect(parseEnv({}).RATE_LIMITS).toBe('on');
    expect(parseEnv({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
    expect(parseEnv({ RATE_LIMITS: ' OFF ' }).RATE_LIMITS).toBe('off');
    expect(parseEnv({ RATE_LIMITS: 'on' }).RATE_LIMITS).toBe('on');
  });

  it('treats empty optional variables as unset', () => {
    expect(parseEnv({ SMTP_URL: '', PUBLIC_API_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SEED: 'lots' }, /SEED/],
    [{ ADMIN_EMAIL: 'not-an-email' }, /ADMIN_EMAIL/],
    [{ SITE_URL: 'nota url' }, /SITE_URL/],
    [{ RATE_LIMITS: 'maybe' }, /RATE_LIMITS/],
  ])('refuses %o with a message naming the variable', (source, pattern) => {
    expect(() => parseEnv(source)).toThrow(pattern);
  });
});

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

  it("gives a backup's passphrase age's scrypt cost unless told, and never less than 2^15", () => {
    expect(parseEnv({}).BACKUP_WORK_FACTOR).toBe(18);
    expect(parseEnv({ BACKUP_WORK_FACTOR: '15' }).BACKUP_WORK_FACTOR).toBe(15);
    expect(() => parseEnv({ BACKUP_WORK_FACTOR: '14' })).toThrow(/BACKUP_WORK_FACTOR/);
    expect(() => parseEnv({ BACKUP_WORK_FACTOR: '21' })).toThrow(/BACKUP_WORK_FACTOR/);
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

describe('parseEnv: several instances on one database', () => {
  const secret = 'a-shared-secret-of-at-least-32-characters';

  it('refuses DATABASE_URL without AUTH_SECRET, naming AUTH_SECRET and why', () => {
    const start = () => parseEnv({ DATABASE_URL: 'postgres://site@db.internal/site' });
    expect(start).toThrow(/AUTH_SECRET: is required when DATABASE_URL is set/);
    expect(start).toThrow(/same secret/);
    expect(start).toThrow(/secret\.key/);
  });

  it('starts with both, and with neither (SQLite keeps its DATA_DIR/secret.key)', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://site@db.internal/site', AUTH_SECRET: secret }).AUTH_SECRET).toBe(
      secret,
    );
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: '', AUTH_SECRET: '' }).AUTH_SECRET).toBeUndefined();
  });

  it('names every problem at once: a short AUTH_SECRET is reported as short, beside another bad variable', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://site@db.internal/site', AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: Too small/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'postgres://site@db.internal/site', PORT: 'eighty' })).toThrow(
      /PORT.*AUTH_SECRET: is required/,
    );
  });
});

describe('parseEnv: TRUST_PROXY', () => {
  it('is unset (socket address only) by default, and 0 or empty means the same', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBeUndefined();
  });

  it('takes a hop count or a list of addresses and ranges', () => {
    expect(parseEnv({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toEqual({ hops: 2 });
    const list = parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).TRUST_PROXY;
    expect(list && 'proxies' in list).toBe(true);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1,', 'example.com', '::1/129', '1.2.3.4/8/8', '-1', '1000'])(
    'refuses %j naming TRUST_PROXY',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a hop count/);
    },
  );
});

describe('parseEnv: ADMIN_2FA', () => {
  it('lets admins choose two-factor sign-in unless ADMIN_2FA says required', () => {
    expect(parseEnv({}).ADMIN_2FA).toBe('optional');
    expect(parseEnv({ ADMIN_2FA: '' }).ADMIN_2FA).toBe('optional');
    expect(parseEnv({ ADMIN_2FA: ' Required ' }).ADMIN_2FA).toBe('required');
    expect(parseEnv({ ADMIN_2FA: 'optional' }).ADMIN_2FA).toBe('optional');
  });

  it.each(['off', 'on', 'yes'])('refuses ADMIN_2FA=%s naming the variable', (value) => {
    expect(() => parseEnv({ ADMIN_2FA: value })).toThrow(/ADMIN_2FA/);
  });
});

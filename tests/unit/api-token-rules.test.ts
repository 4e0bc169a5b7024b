/** The API tokens section's logic: scope groups, what is sent, the shared schema's refusals, and how a token reads. */
import { describe, expect, it } from 'vitest';
import {
  checkApiTokenForm,
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  expiresInDaysOf,
  expiresText,
  expiryHint,
  includedBy,
  lastUsedText,
  requestScopes,
  SCOPE_GROUPS,
  stateLabel,
  tokenState,
} from '../../src/components/admin/integrations/api-token-rules.ts';
import { API_SCOPES } from '../../src/shared/api-scopes.ts';
import type { ApiTokenItem } from '../../src/shared/schemas/api-tokens.ts';

const NOW = Date.parse('2026-12-10T12:00:00.000Z');

const token = (over: Partial<ApiTokenItem> = {}): ApiTokenItem => ({
  id: 't1',
  name: 'Warehouse sync',
  hint: 'cst_…Ab3x',
  scopes: ['products:write'],
  createdBy: 'Ada Lovelace',
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

describe('scope groups', () => {
  it('puts every scope once under Content, Products, Orders and Subscribers', () => {
    expect(SCOPE_GROUPS.map((g) => g.title)).toEqual(['Content', 'Products', 'Orders', 'Subscribers']);
    expect(SCOPE_GROUPS.flatMap((g) => g.scopes)).toEqual([...API_SCOPES]);
    expect(SCOPE_GROUPS[0]?.scopes).toEqual(['content:read', 'content:write']);
  });

  it('counts a read as included by its write, and sends only the write', () => {
    expect(includedBy('content:read', ['content:write'])).toBe('content:write');
    expect(includedBy('content:read', ['products:write'])).toBeNull();
    expect(includedBy('content:write', ['content:write'])).toBeNull();
    // No subscribers:write exists: its read is never included.
    expect(includedBy('subscribers:read', ['subscribers:read'])).toBeNull();
    expect(requestScopes(['orders:write', 'content:read', 'orders:read', 'content:write', 'subscribers:read'])).toEqual(
      ['content:write', 'orders:write', 'subscribers:read'],
    );
  });
});

describe('expiry', () => {
  it('offers 7, 30, 90 and 365 days or never, 90 first', () => {
    expect(EXPIRY_CHOICES.map((c) => c.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '365 days',
      'Never (until revoked)',
    ]);
    expect(DEFAULT_EXPIRY).toBe('90');
    expect(expiresInDaysOf('30')).toBe(30);
    expect(expiresInDaysOf('never')).toBeNull();
  });

  it('says when a token made now stops working', () => {
    expect(expiryHint('7', NOW)).toBe('It stops working on Dec 17, 2026.');
    expect(expiryHint('never', NOW)).toBe('It works until you revoke it.');
  });
});

describe('checkApiTokenForm (the shared ApiTokenRequest schema)', () => {
  it('gives the request to send: the name trimmed, the scopes without included reads', () => {
    expect(
      checkApiTokenForm({ name: '  Warehouse sync ', scopes: ['products:read', 'products:write'], expiry: 'never' }),
    ).toEqual({ ok: true, value: { name: 'Warehouse sync', scopes: ['products:write'], expiresInDays: null } });
  });

  it('refuses a missing name and no scope, naming the field as the server does', () => {
    expect(checkApiTokenForm({ name: '  ', scopes: ['orders:read'], expiry: '90' })).toEqual({
      ok: false,
      field: 'name',
      message: 'Name is required',
    });
    expect(checkApiTokenForm({ name: 'CRM', scopes: [], expiry: '90' })).toEqual({
      ok: false,
      field: 'scopes',
      message: 'Choose at least one scope',
    });
  });
});

describe('a listed token', () => {
  it('is active, expired when its expiry has passed, revoked above all', () => {
    expect(tokenState(token({ expiresAt: '2027-01-01T00:00:00.000Z' }), NOW)).toEqual({ kind: 'active' });
    const expired = tokenState(token({ expiresAt: '2026-12-01T00:00:00.000Z' }), NOW);
    expect(expired.kind).toBe('expired');
    expect(stateLabel(expired)).toBe('Expired');
    const revoked = tokenState(
      token({ expiresAt: '2026-12-01T00:00:00.000Z', revokedAt: '2026-11-30T09:00:00.000Z' }),
      NOW,
    );
    expect(stateLabel(revoked)).toBe('Revoked on Nov 30, 2026');
    expect(stateLabel({ kind: 'active' })).toBe('Active');
    // The server refuses it from the very instant of its expiry.
    expect(tokenState(token({ expiresAt: new Date(NOW).toISOString() }), NOW).kind).toBe('expired');
  });

  it('reads its expiry and last use', () => {
    expect(expiresText(token())).toBe('Never');
    expect(expiresText(token({ expiresAt: '2027-03-10T12:00:00.000Z' }))).toBe('Mar 10, 2027');
    expect(lastUsedText(token(), NOW)).toBe('Never used');
    expect(lastUsedText(token({ lastUsedAt: '2026-12-10T09:00:00.000Z' }), NOW)).toBe('3 hours ago');
    expect(lastUsedText(token({ lastUsedAt: '2026-12-09T12:00:00.000Z' }), NOW)).toBe('yesterday');
    expect(lastUsedText(token({ lastUsedAt: '2026-11-01T12:00:00.000Z' }), NOW)).toBe('Nov 1, 2026');
  });
});

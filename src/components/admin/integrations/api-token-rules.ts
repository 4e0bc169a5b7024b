/**
 * The API tokens section's logic apart from React: the scopes in their groups, the expiry choices, the form's check
 * (the server's own schema, so the browser refuses what the server would, in the same words), and how a listed
 * token's state and dates read.
 */
import { formatDate } from '../../../lib/format/dates.ts';
import { API_SCOPE_LABELS, API_SCOPES, type ApiScope } from '../../../shared/api-scopes.ts';
import { ApiTokenRequest, type ApiTokenItem } from '../../../shared/schemas/api-tokens.ts';
import { checkBody, type FieldCheck } from '../../../shared/schemas/refusal.ts';
import { relativeTime } from '../dashboard/relative-time.ts';

/** The form's fields, named as the server names them in a refusal's `field`. */
export const API_TOKEN_FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
export type ApiTokenField = (typeof API_TOKEN_FIELDS)[number];

const GROUP_TITLES: Record<string, string> = {
  content: 'Content',
  products: 'Products',
  orders: 'Orders',
  subscribers: 'Subscribers',
};

export interface ScopeGroup {
  title: string;
  scopes: ApiScope[];
}

/** The scopes by what they reach ('content:read' and 'content:write' under Content), in API_SCOPES's order. */
export const SCOPE_GROUPS: readonly ScopeGroup[] = API_SCOPES.reduce<ScopeGroup[]>((groups, scope) => {
  const area = scope.slice(0, scope.indexOf(':'));
  const title = GROUP_TITLES[area] ?? `${area.charAt(0).toUpperCase()}${area.slice(1)}`;
  const group = groups.find((g) => g.title === title);
  if (group) group.scopes.push(scope);
  else groups.push({ title, scopes: [scope] });
  return groups;
}, []);

export const scopeLabel = (scope: ApiScope) => API_SCOPE_LABELS[scope].label;

const isScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/** The writing scope among `chosen` that already includes reading `scope` ('content:write' for 'content:read'), or null. */
export function includedBy(scope: ApiScope, chosen: readonly ApiScope[]): ApiScope | null {
  if (!scope.endsWith(':read')) return null;
  const write = scope.replace(/:read$/, ':write');
  return isScope(write) && chosen.includes(write) ? write : null;
}

/** The scopes to send: in the list's order, without a read its write already includes (the badges stay short). */
export const requestScopes = (chosen: readonly ApiScope[]): ApiScope[] =>
  API_SCOPES.filter((scope) => chosen.includes(scope) && includedBy(scope, chosen) === null);

/** The expiry select's values: a number of days, or 'never'. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'never', label: 'Never (until revoked)' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];
export const DEFAULT_EXPIRY: ExpiryChoice = '90';

export const isExpiryChoice = (value: string): value is ExpiryChoice =>
  EXPIRY_CHOICES.some((choice) => choice.value === value);

/** The request's expiresInDays for a choice: null lasts until it is revoked. */
export const expiresInDaysOf = (choice: ExpiryChoice): number | null => (choice === 'never' ? null : Number(choice));

const DAY_MS = 86_400_000;

/** The line under the expiry select: when a token made now stops working. */
export function expiryHint(choice: ExpiryChoice, now = Date.now()): string {
  const days = expiresInDaysOf(choice);
  if (days === null) return 'It works until you revoke it.';
  return `It stops working on ${formatDate(new Date(now + days * DAY_MS).toISOString())}.`;
}

export interface ApiTokenFormValues {
  name: string;
  scopes: readonly ApiScope[];
  expiry: ExpiryChoice;
}

/** The form's values checked by the server's schema: the request to send, or the first bad field in its words. */
export const checkApiTokenForm = ({ name, scopes, expiry }: ApiTokenFormValues): FieldCheck<ApiTokenRequest> =>
  checkBody(ApiTokenRequest, { name, scopes: requestScopes(scopes), expiresInDays: expiresInDaysOf(expiry) });

export type ApiTokenState = { kind: 'active' } | { kind: 'revoked'; at: string } | { kind: 'expired'; at: string };

/** A token's expiry has passed (the server refuses it from that instant on). */
export const hasExpired = (token: Pick<ApiTokenItem, 'expiresAt'>, now = Date.now()) =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now;

/** Revoked first: a revoked token stays revoked whatever its expiry says. */
export function tokenState(token: ApiTokenItem, now = Date.now()): ApiTokenState {
  if (token.revokedAt !== null) return { kind: 'revoked', at: token.revokedAt };
  if (token.expiresAt !== null && hasExpired(token, now)) return { kind: 'expired', at: token.expiresAt };
  return { kind: 'active' };
}

export function stateLabel(state: ApiTokenState): string {
  if (state.kind === 'revoked') return `Revoked on ${formatDate(state.at)}`;
  return state.kind === 'expired' ? 'Expired' : 'Active';
}

/** The expiry's date, or 'Never' for a token that lasts until revoked. */
export const expiresText = (token: Pick<ApiTokenItem, 'expiresAt'>) =>
  token.expiresAt === null ? 'Never' : formatDate(token.expiresAt);

/** Within this a last use reads as a time ago ('3 hours ago'); older ones as their date. */
const RECENT_MS = 7 * DAY_MS;

/** 'Never used', '3 hours ago' for a recent use, else its date ('Nov 22, 2026'). */
export function lastUsedText(token: Pick<ApiTokenItem, 'lastUsedAt'>, now = Date.now()): string {
  if (token.lastUsedAt === null) return 'Never used';
  const at = Date.parse(token.lastUsedAt);
  if (Number.isNaN(at)) return 'Never used';
  return now - at < RECENT_MS ? relativeTime(token.lastUsedAt, now) : formatDate(token.lastUsedAt);
}

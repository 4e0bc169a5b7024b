/** Making an API token (POST /api/admin/api-tokens), and what the admin screen lists of one (never the token). */
import { API_SCOPES, API_TOKEN_MAX_DAYS, type ApiScope } from '../api-scopes.ts';
import { accountText } from './account.ts';
import { z } from './zod.ts';

export const API_TOKEN_NAME_MAX = 80;

export const ApiTokenRequest = z.object({
  name: accountText('Name', API_TOKEN_NAME_MAX),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'Choose scopes from the list' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** Days until it expires; null: until it is revoked. */
  expiresInDays: z
    .number({ error: 'Choose when the token expires' })
    .int('Choose when the token expires')
    .min(1, 'A token lasts at least a day')
    .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days; revoke it earlier if you need to`)
    .nullable(),
});
export type ApiTokenRequest = z.infer<typeof ApiTokenRequest>;

/** One token as the admin sees it. */
export interface ApiTokenItem {
  id: string;
  name: string;
  /** The token's last characters: `cst_…Ab3x`. */
  hint: string;
  scopes: ApiScope[];
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to making one: the token itself, shown this once. */
export interface ApiTokenCreated {
  token: string;
  item: ApiTokenItem;
}

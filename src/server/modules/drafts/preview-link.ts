/**
 * Preview links: a JWT (hono/jwt, HS256 under the server's preview key) naming the item and when the link stops
 * working. Holding the link is the permission to look, so it is signed, short-lived and never stored.
 */
import { sign, verify } from 'hono/jwt';
import { JwtTokenExpired } from 'hono/utils/jwt/types';
import {
  DRAFT_TYPES,
  PREVIEW_EXPIRED,
  PREVIEW_INVALID,
  PREVIEW_LINK_HOURS,
  PREVIEW_TOKEN_MAX,
  PREVIEW_TOKEN_PARAM,
  type DraftType,
  type PreviewLink,
} from '../../../shared/drafts.ts';
import { ApiError } from '../../http/errors.ts';

const TYPE = 'site-preview';

/** What a valid link names. */
export interface PreviewTarget {
  type: DraftType;
  id: string;
  expiresAt: string;
}

/** A link to /preview for the item, valid PREVIEW_LINK_HOURS from `now`. */
export async function previewLink(
  key: string,
  siteUrl: string,
  target: { type: DraftType; id: string },
  now = Date.now(),
): Promise<PreviewLink> {
  const exp = Math.floor(now / 1000) + PREVIEW_LINK_HOURS * 3600;
  const token = await sign({ typ: TYPE, t: target.type, id: target.id, exp }, key, 'HS256');
  const url = new URL('/preview', siteUrl);
  url.searchParams.set(PREVIEW_TOKEN_PARAM, token);
  return { url: url.href, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The item a link names: 404 saying so once it has expired, 404 for anything not signed by this server as a preview link. */
export async function readPreviewLink(key: string, token: string): Promise<PreviewTarget> {
  if (token.length > PREVIEW_TOKEN_MAX) throw new ApiError(404, PREVIEW_INVALID);
  // An expired link says so (the sender can make a new one); anything else is no link of ours.
  const payload = await verify(token, key, 'HS256').catch((error: unknown) => {
    throw new ApiError(404, error instanceof JwtTokenExpired ? PREVIEW_EXPIRED : PREVIEW_INVALID);
  });
  const { typ, t, id, exp } = payload;
  if (typ !== TYPE || typeof id !== 'string' || typeof exp !== 'number' || !DRAFT_TYPES.includes(t as DraftType))
    throw new ApiError(404, PREVIEW_INVALID);
  return { type: t as DraftType, id, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * The browser that asks for a one-time code: an HttpOnly cookie holding a random nonce, sent back by the sign-in form
 * (same origin, cookies included). A code is stored with a keyed hash of it, so guesses from that browser are counted
 * on its own code and a stranger's guesses never spend it (throttle without lockout). Once
 * the browser has signed in to an account by code, a second cookie says so (an HMAC over the account and the nonce),
 * and that browser gets its codes even while strangers have used up the account's code mails.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const DAY_SECONDS = 24 * 60 * 60;

/** The nonce; sent only to /api/auth (request-otp and verify-otp read it). Renewed with every code request. */
export const OTP_BROWSER_COOKIE = { name: 'otp_browser', path: '/api/auth', maxAgeSeconds: 30 * DAY_SECONDS } as const;
/** Proof that this browser signed in to an account by code (the last one it did). */
export const OTP_KNOWN_COOKIE = { name: 'otp_known', path: '/api/auth', maxAgeSeconds: 30 * DAY_SECONDS } as const;
/** A guest checkout's nonce and proof, the same for the email codes of /api/checkout. */
export const CHECKOUT_BROWSER_COOKIE = {
  name: 'checkout_browser',
  path: '/api/checkout',
  maxAgeSeconds: 30 * DAY_SECONDS,
} as const;
export const CHECKOUT_KNOWN_COOKIE = {
  name: 'checkout_known',
  path: '/api/checkout',
  maxAgeSeconds: 30 * DAY_SECONDS,
} as const;

/**
 * Proof that this browser registered an account: `<id>.<HMAC of it>`. While the account's address is unverified, the
 * browser may register again with its username or email to correct its details (accounts.service.ts register).
 */
export const REGISTRANT_COOKIE = { name: 'registrant', path: '/api/auth', maxAgeSeconds: DAY_SECONDS } as const;

function registrantMac(key: Buffer, userId: string): string {
  return createHmac('sha256', key).update(`registrant:${userId}`).digest('base64url');
}

/** The value of REGISTRANT_COOKIE for the account `userId`. */
export function registrantProof(key: Buffer, userId: string): string {
  return `${userId}.${registrantMac(key, userId)}`;
}

/** The account a REGISTRANT_COOKIE names, when the cookie is one we made; else undefined. */
export function registeredAccount(key: Buffer, cookie: string | undefined): string | undefined {
  const dot = cookie?.lastIndexOf('.') ?? -1;
  if (cookie === undefined || dot < 1) return undefined;
  const userId = cookie.slice(0, dot);
  const expected = Buffer.from(registrantMac(key, userId));
  const actual = Buffer.from(cookie.slice(dot + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : undefined;
}

/** How these cookies are set: HttpOnly, sent only to their path, same site only, over HTTPS when the site is. */
export function browserCookieOptions(cookie: { path: string; maxAgeSeconds: number }, siteUrl: string) {
  return {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'Lax',
    secure: siteUrl.startsWith('https://'),
    maxAge: cookie.maxAgeSeconds,
  } as const;
}

const NONCE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's nonce when it is one we could have made, else a new one (32 random bytes, base64url). */
export function browserNonce(cookie: string | undefined): string {
  return cookie !== undefined && NONCE_SHAPE.test(cookie) ? cookie : randomBytes(32).toString('base64url');
}

/** What is stored with a code and used in limit keys: an HMAC of the nonce, never the nonce itself. */
export function browserHash(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(`otp-browser:${nonce}`).digest('hex');
}

/** The well-formed nonce of a cookie, or undefined. */
export function sentNonce(cookie: string | undefined): string | undefined {
  return cookie !== undefined && NONCE_SHAPE.test(cookie) ? cookie : undefined;
}

/**
 * The value of OTP_KNOWN_COOKIE for this browser and account (or CHECKOUT_KNOWN_COOKIE for this browser and
 * 'checkout:<email>'): useless with another nonce or account.
 */
export function knownBrowserProof(key: Buffer, userId: string, nonce: string): string {
  return createHmac('sha256', key).update(`otp-known:${userId}:${nonce}`).digest('base64url');
}

/** Whether `proof` (the OTP_KNOWN_COOKIE sent) shows that this browser signed in to the account by code. */
export function isKnownBrowser(key: Buffer, userId: string, nonce: string, proof: string | undefined): boolean {
  if (proof === undefined) return false;
  const expected = Buffer.from(knownBrowserProof(key, userId, nonce));
  const actual = Buffer.from(proof);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The asking browser as the code services see it. */
export interface OtpBrowser {
  /** browserHash of its nonce. */
  hash: string;
  /** Whether it has signed in to this account by code before (its OTP_KNOWN_COOKIE). */
  knows(userId: string): boolean;
}

/**
 * A guest's email, verified before an order is placed: a six-digit code mailed to the address,
 * stored as an HMAC bound to it (the account codes' helpers, otp.ts) with the asking browser (otp-browser.ts): only that
 * browser may guess it, at most OTP_MAX_ATTEMPTS times, so a stranger who knows the address cannot spend it. Single
 * use, exchanged for a checkout token of which only the SHA-256 is stored.
 */
import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_CODE_EXHAUSTED,
  CHECKOUT_CODE_EXPIRED,
  CHECKOUT_CODE_NEEDS_ITS_BROWSER,
  CHECKOUT_CODE_WRONG,
  CHECKOUT_VERIFY_FIRST,
} from '../../../shared/schemas/checkout.ts';
import type { CheckoutVerified } from '../../../shared/orders-customer.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches } from '../auth/otp.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import {
  countWrongCheckoutGuess,
  emailOfCheckoutToken,
  findPendingCheckoutCode,
  grantCheckoutToken,
  replaceCheckoutCode,
} from './checkout-codes.repository.ts';
import { checkoutCodeMail } from './checkout-mails.ts';

/** How long a verified guest may take to place orders with the token. */
export const CHECKOUT_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export interface CheckoutCodeDeps {
  db: Db;
  env: Pick<Env, 'OTP_TTL_SECONDS' | 'SITE_URL'>;
  mailer: Mailer;
  /** deps.keys.otp: the HMAC key of one-time codes. */
  codeKey: Buffer;
}

/** The code's HMAC is bound to the address and to checkout, so it matches no account code and no other address. */
const subject = (email: string) => `checkout:${email}`;

/**
 * Stores a new code for the address and the asking browser (`requesterHash`), and mails it in the background (the
 * answer is the same whatever happens to the mail).
 */
export async function requestCheckoutCode(
  deps: CheckoutCodeDeps,
  email: string,
  requesterHash: string,
  now = new Date(),
): Promise<void> {
  const code = newOtp();
  await replaceCheckoutCode(
    deps.db,
    {
      id: randomUUID(),
      email,
      code_hash: hashOtp(deps.codeKey, subject(email), code),
      attempts: 0,
      requester_hash: requesterHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + deps.env.OTP_TTL_SECONDS * 1000).toISOString(),
    },
    now.toISOString(),
  );
  const minutes = Math.max(1, Math.round(deps.env.OTP_TTL_SECONDS / 60));
  void mailBrand(deps.db, deps.env.SITE_URL)
    .then((brand) => deps.mailer.send(checkoutCodeMail(brand, email, code, minutes)))
    .catch((error: unknown) =>
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'checkout.code.mail.failure',
          reason: error instanceof Error ? error.message : 'unknown',
        }),
      ),
    );
}

type Outcome =
  { ok: true; token: string; expiresAt: string } | { ok: false; refusal: 'wrong' | 'expired' | 'exhausted' };

/**
 * Checks the code this browser (`requesterHash`, undefined when it sent no cookie) asked for; right, it is consumed and
 * a checkout token handed out; the 5th wrong guess voids it (429 after).
 */
export async function verifyCheckoutCode(
  deps: CheckoutCodeDeps,
  email: string,
  code: string,
  requesterHash: string | undefined,
  now = new Date(),
): Promise<CheckoutVerified> {
  if (requesterHash === undefined) throw fieldError(400, CHECKOUT_CODE_NEEDS_ITS_BROWSER, 'code');
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = await findPendingCheckoutCode(trx, email, requesterHash);
    if (!row) return { ok: false, refusal: 'wrong' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, refusal: 'exhausted' };
    if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, refusal: 'expired' };
    if (!otpMatches(deps.codeKey, subject(email), code, row.code_hash)) {
      await countWrongCheckoutGuess(trx, row.id, OTP_MAX_ATTEMPTS);
      return { ok: false, refusal: row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
    }
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + CHECKOUT_TOKEN_TTL_MS).toISOString();
    return (await grantCheckoutToken(trx, row.id, sha256Hex(token), expiresAt))
      ? { ok: true, token, expiresAt }
      : { ok: false, refusal: 'wrong' };
  });
  if (outcome.ok) return { checkoutToken: outcome.token, expiresAt: outcome.expiresAt };
  if (outcome.refusal === 'exhausted') throw new ApiError(429, CHECKOUT_CODE_EXHAUSTED);
  throw fieldError(400, outcome.refusal === 'expired' ? CHECKOUT_CODE_EXPIRED : CHECKOUT_CODE_WRONG, 'code');
}

/** 401 unless `token` is a good checkout token handed out for `email`. */
export async function requireVerifiedGuest(
  db: Db,
  email: string | undefined,
  token: string | undefined,
  now = new Date(),
): Promise<string> {
  const verified = email && token ? await emailOfCheckoutToken(db, sha256Hex(token), now.toISOString()) : undefined;
  if (!verified || verified !== email) throw new ApiError(401, CHECKOUT_VERIFY_FIRST);
  return verified;
}

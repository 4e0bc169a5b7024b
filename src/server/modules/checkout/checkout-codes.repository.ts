/** A guest's email check (checkout_verifications): the hashed code, then the hashed checkout token. Kysely only. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CheckoutVerificationsTable } from '../../db/schema.ts';

/**
 * Stores a new code for the address, voiding the earlier code the same browser asked for (another browser's code and
 * tokens already handed out stay good) and the address's dead rows.
 */
export async function replaceCheckoutCode(
  db: Db,
  row: Insertable<CheckoutVerificationsTable>,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('checkout_verifications')
      .where('email', '=', row.email)
      .where((eb) =>
        eb.or([
          eb.and([eb('token_hash', 'is', null), eb('requester_hash', '=', row.requester_hash ?? '')]),
          eb.and([eb('token_hash', 'is', null), eb('expires_at', '<=', now)]),
          eb('token_expires_at', '<=', now),
        ]),
      )
      .execute();
    await trx.insertInto('checkout_verifications').values(row).execute();
  });
}

/** The address's current code that this browser asked for (one not yet exchanged for a token). */
export function findPendingCheckoutCode(db: Db, email: string, requesterHash: string) {
  return db
    .selectFrom('checkout_verifications')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('email', '=', email)
    .where('requester_hash', '=', requesterHash)
    .where('token_hash', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong guess, never past `max`. */
export async function countWrongCheckoutGuess(db: Db, id: string, max: number): Promise<void> {
  await db
    .updateTable('checkout_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .execute();
}

/** Exchanges the code for a token (the code is gone: single use); false when another request already did. */
export async function grantCheckoutToken(db: Db, id: string, tokenHash: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_verifications')
    .set({ code_hash: '', token_hash: tokenHash, token_expires_at: expiresAt })
    .where('id', '=', id)
    .where('token_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The address a checkout token was handed out for, while it is good. */
export async function emailOfCheckoutToken(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('checkout_verifications')
    .select('email')
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

/** Re-entering the password before a sensitive account change (email change, deletion): limited like a login (R58). */
import type { AuthDeps } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { reservePasswordCheck } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { verifyPassword } from './password-hash.ts';

/** The sentence of a wrong password on those forms. */
export const PASSWORD_NOT_CORRECT = 'The password is not correct';

/**
 * Checks `password` against the account's hash, counted against the address and the account as a login attempt is,
 * so a stolen session cannot guess the password here. A wrong or missing one: 400 naming `field`.
 */
export async function confirmPassword(
  deps: Pick<AuthDeps, 'db' | 'env' | 'limits' | 'ip' | 'path'>,
  user: { id: string; password_hash: string | null },
  password: string,
  field = 'password',
): Promise<void> {
  const attempt = await reservePasswordCheck(deps, `user:${user.id}`);
  const result = user.password_hash ? await verifyPassword(password, user.password_hash) : { ok: false };
  if (!result.ok) {
    await attempt.failed();
    logAuthEvent('password.confirm.failure', { ip: deps.ip, userId: user.id, path: deps.path });
    throw refuseField(field, PASSWORD_NOT_CORRECT);
  }
  await attempt.succeeded();
}

/** Recovery codes: 10 per account, 50 random bits each, shown once, stored as a keyed hash, used once. */
import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../shared/two-factor.ts';

/** One code as shown: 'abcde-fghjk'. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET.charAt(randomInt(RECOVERY_ALPHABET.length));
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** HMAC over the user id and the normalised code (no dash, lower case), so a hash is useless for another account. */
export function hashRecoveryCode(key: Buffer, userId: string, code: string): string {
  return createHmac('sha256', key)
    .update(`recovery:${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');
}

/**
 * The backup's passphrase: the archive is encrypted with it (age's scrypt recipient), and the same passphrase is the
 * only way to restore it, so an archive can be neither read nor made by someone who does not know it. It faces offline
 * guessing once a file leaks, so it is longer than a password: a few words a person can keep.
 */
import { codePoints } from '../code-points.ts';
import { z } from './zod.ts';

export const BACKUP_PASSPHRASE_MIN = 16;
export const BACKUP_PASSPHRASE_MAX = 1024;

export const BACKUP_PASSPHRASE_TEXTS = {
  required: 'Enter a passphrase for the backup',
  tooShort: `The passphrase must be at least ${BACKUP_PASSPHRASE_MIN} characters (a few words you will remember)`,
  tooLong: `The passphrase must be at most ${BACKUP_PASSPHRASE_MAX} characters`,
  tooEasy: 'The passphrase is too easy to guess: use a few different words',
  mismatch: 'The two passphrases are not the same',
} as const;

/** Why a passphrase is refused, or null: the one rule of the admin screen, the API and `npm run backup`. */
export function backupPassphraseProblem(passphrase: string): string | null {
  const characters = codePoints(passphrase.normalize('NFKC'));
  if (characters.length === 0) return BACKUP_PASSPHRASE_TEXTS.required;
  if (characters.length < BACKUP_PASSPHRASE_MIN) return BACKUP_PASSPHRASE_TEXTS.tooShort;
  if (characters.length > BACKUP_PASSPHRASE_MAX) return BACKUP_PASSPHRASE_TEXTS.tooLong;
  if (new Set(characters.map((c) => c.toLowerCase())).size < 6) return BACKUP_PASSPHRASE_TEXTS.tooEasy;
  return null;
}

/** POST /api/admin/backup: the passphrase the archive is encrypted with. */
export const BackupRequest = z.object({
  passphrase: z.string({ error: BACKUP_PASSPHRASE_TEXTS.required }).superRefine((value, ctx) => {
    const problem = backupPassphraseProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

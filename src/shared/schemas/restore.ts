/**
 * Restoring a backup into the running site from the admin area: what the server says of it at each step, and what
 * the admin sends. The passphrase is the archive's own (it opens it, and the backup of the current site made first is
 * locked with it too), so only its presence and length are checked here.
 */
import { BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_TEXTS } from './backup.ts';
import { z } from './zod.ts';

/** What a restore would change, from the dry run: the backup's counts beside the running site's. */
export interface RestorePlan {
  /** When the backup was made (ISO). */
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** Rows per table, in the backup and now. */
  tables: { name: string; backup: number; now: number }[];
  /** Files per store: in the backup (and their bytes), now, those the restore adds and those it removes. */
  files: {
    store: 'media' | 'documents';
    backup: number;
    backupBytes: number;
    now: number;
    added: number;
    removed: number;
  }[];
  /** How many checksums (the database, every file, the secret) were checked. */
  checksums: number;
}

/** The uploaded archive. */
export interface RestoreUpload {
  fileName: string;
  bytes: number;
  uploadedAt: string;
}

/** Where the admin's restore stands (GET /api/admin/restore and every step's answer). */
export type RestoreStatus =
  | { step: 'none' }
  | { step: 'uploaded'; upload: RestoreUpload }
  | { step: 'checked'; upload: RestoreUpload; plan: RestorePlan }
  | {
      step: 'restored';
      restoredAt: string;
      /** When the restored backup was made. */
      backupCreatedAt: string;
      /** The backup of the site as it was just before, kept until the admin keeps the restore or undoes it. */
      before: { fileName: string; bytes: number };
    };

/** POST /api/admin/restore/check, /api/admin/restore and /api/admin/restore/undo: the archive's passphrase. */
export const RestorePassphrase = z.object({
  passphrase: z
    .string({ error: BACKUP_PASSPHRASE_TEXTS.required })
    .min(1, BACKUP_PASSPHRASE_TEXTS.required)
    .max(2 * BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_TEXTS.tooLong),
});

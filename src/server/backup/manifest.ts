/**
 * What a backup archive holds: a gzipped tar, encrypted with the admin's passphrase (archive-crypto.ts), of
 * manifest.json first, then the database snapshot, every media and document object and DATA_DIR/secret.key when the
 * server secret lives there. The manifest lists each of them with its size and SHA-256, the row count of every table
 * in the snapshot and the tables whose rows were left out; coming first, it bounds every entry before a byte of it is
 * written. Restore checks all of it before it touches anything.
 */
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'company-site-backup';
export const ARCHIVE_VERSION = 2;

/**
 * Tables whose rows are not in an archive: what the site makes again on its own (sign-in sessions, one-time codes,
 * guests' comment codes, reset and checkout tokens, pending email changes, second-factor and passkey challenges, attempt
 * counters, the day's visitor salt). A leaked archive then holds no live credential, and a restored site asks everyone to sign in again.
 */
export const LEFT_OUT_TABLES = [
  'sessions',
  'one_time_codes',
  'password_reset_tokens',
  'email_changes',
  'checkout_verifications',
  'guest_comment_codes',
  'two_factor_challenges',
  'passkey_challenges',
  'attempt_limits',
  'analytics_salts',
] as const;

/** Entry names inside the tar. */
export const ENTRY = {
  manifest: 'manifest.json',
  sqlite: 'database/site.db',
  postgres: 'database/postgres.dump',
  secret: 'secret.key',
} as const;

/** The two stores of MediaStorage, each a folder in the archive. */
export const STORES = ['media', 'documents'] as const;
export type StoreName = (typeof STORES)[number];

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const Size = z.number().int().min(0);
const TableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/);

const StoredFile = z.object({
  name: z.string().min(1).max(200),
  size: Size,
  sha256: Sha256,
  content_type: z.string().max(200),
});

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  created_at: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** The entry holding the snapshot: ENTRY.sqlite or ENTRY.postgres. */
    file: z.enum([ENTRY.sqlite, ENTRY.postgres]),
    size: Size,
    sha256: Sha256,
    /** The last migration the snapshot had applied: a restore refuses a backup of a newer version of the product. */
    migration: z.string().min(1).max(200),
    /** Rows per table, counted in the snapshot itself (not the live database, which went on taking writes). */
    tables: z.record(TableName, Size),
    /** Tables kept empty in the snapshot (LEFT_OUT_TABLES of the version that made it). */
    left_out: z.array(TableName),
  }),
  media: z.array(StoredFile),
  documents: z.array(StoredFile),
  /** DATA_DIR/secret.key, or null when the server secret came from AUTH_SECRET (then it is not in the archive). */
  secret: z.object({ size: Size, sha256: Sha256 }).nullable(),
  /** Where the media were stored; restore puts them wherever the target is configured to store them. */
  source: z.object({ media_storage: z.enum(['local', 's3']) }),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type StoredFileEntry = z.infer<typeof StoredFile>;

/** The archive entry of a stored object. */
export const storeEntry = (store: StoreName, name: string) => `${store}/${name}`;

/** A failed backup or restore with a message meant for the operator (no stack trace needed). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

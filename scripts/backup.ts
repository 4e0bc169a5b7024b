/**
 * `npm run backup [-- --out FILE]`: one archive of the database snapshot, every media and document file and the
 * server secret (src/server/backup/write-backup.ts), encrypted with the passphrase of BACKUP_PASSPHRASE or typed at
 * the terminal, by default ./backups/site-backup-<UTC time>.tar.gz.age. Safe while the site runs and takes writes: the
 * snapshot is one consistent moment. Exit code 1 with the reason on failure.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../src/server/backup/manifest.ts';
import { backupFileName, createBackup } from '../src/server/backup/write-backup.ts';
import { parseEnv } from '../src/server/env.ts';
import { backupPassphrase } from './backup-passphrase.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false });
  const env = parseEnv();
  const passphrase = await backupPassphrase(true);
  const started = Date.now();
  // npm runs scripts in the project folder; a path typed on the command line is meant from where it was typed (INIT_CWD).
  const out = values.out
    ? resolve(process.env['INIT_CWD'] ?? process.cwd(), values.out)
    : resolve('backups', backupFileName(new Date()));
  const { path, bytes, manifest, skipped } = await createBackup({ env, out, passphrase });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  const mediaBytes = manifest.media.reduce((sum, f) => sum + f.size, 0);
  const documentBytes = manifest.documents.reduce((sum, f) => sum + f.size, 0);
  console.log(`backup written: ${path} (${megabytes(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(
    `  database: ${manifest.database.kind}, ${Object.keys(manifest.database.tables).length} tables, ${rows} rows, migration ${manifest.database.migration}`,
  );
  console.log(
    `  media: ${manifest.media.length} files (${megabytes(mediaBytes)}); documents: ${manifest.documents.length} files (${megabytes(documentBytes)})`,
  );
  if (manifest.secret) console.log('  secret.key: included');
  else if (env.AUTH_SECRET)
    console.log('  secret.key: not included, AUTH_SECRET is set: keep it, the restored site needs the same one');
  else console.log('  secret.key: none in DATA_DIR yet (the server makes it at its first start)');
  if (skipped.length)
    console.log(`  ${skipped.length} file(s) deleted while the backup ran were left out: ${skipped.join(', ')}`);
  if (manifest.database.left_out.length)
    console.log(`  left out (made again by the site): ${manifest.database.left_out.join(', ')}`);
  console.log(
    'Encrypted with the passphrase: keep the passphrase apart from the file (a password manager); without it the backup cannot be restored.',
  );
} catch (error) {
  console.error(
    `backup failed: ${error instanceof BackupError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? (error as Error).message : ((error as Error).stack ?? String(error))}`,
  );
  process.exitCode = 1;
}

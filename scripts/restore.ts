/**
 * `npm run restore <archive>`: restores a backup made by `npm run backup` (or downloaded from /admin/backup), with its
 * passphrase (BACKUP_PASSPHRASE, or typed at the terminal), into the empty target the environment names: DATA_DIR,
 * DATABASE_URL's empty database, MEDIA_STORAGE's empty storage. Refuses (exit code 1, nothing changed) a target that
 * holds anything, an archive the passphrase does not open, or one that fails its checks.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../src/server/backup/manifest.ts';
import { restoreBackup } from '../src/server/backup/restore-backup.ts';
import { parseEnv } from '../src/server/env.ts';
import { backupPassphrase } from './backup-passphrase.ts';

try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  // npm runs scripts in the project folder; the archive's path is meant from where the command was typed (INIT_CWD).
  const [archive] = positionals;
  if (positionals.length !== 1 || archive === undefined)
    throw new BackupError(
      'usage: npm run restore <archive.tar.gz.age>   (into an empty DATA_DIR, or with DATABASE_URL an empty database; the passphrase from BACKUP_PASSPHRASE or typed)',
    );
  const env = parseEnv();
  const passphrase = await backupPassphrase(false);
  const started = Date.now();
  const result = await restoreBackup({
    env,
    passphrase,
    archive: resolve(process.env['INIT_CWD'] ?? process.cwd(), archive),
    log: (line) => console.log(line),
  });
  const { manifest } = result;
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(`restored the backup of ${manifest.created_at} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(
    `  database: ${manifest.database.kind === 'sqlite' ? `SQLite ${resolve(env.DATA_DIR, 'site.db')}` : 'PostgreSQL (DATABASE_URL)'}, ${Object.keys(result.tables).length} tables, ${rows} rows (the counts match the manifest)`,
  );
  console.log(
    `  media: ${result.media} files; documents: ${result.documents} files (${env.MEDIA_STORAGE === 's3' ? `bucket ${env.S3_BUCKET}` : `in ${env.DATA_DIR}`})`,
  );
  if (result.secret) console.log('  secret.key: restored into DATA_DIR');
  else if (manifest.secret) console.log('  secret.key: not restored, AUTH_SECRET is set (it is used instead)');
  else
    console.log(
      '  secret.key: not in the archive (the backed-up site used AUTH_SECRET, or had not made one yet): start with the AUTH_SECRET it had, if any',
    );
  console.log('Start the site (npm start) on this DATA_DIR: migrations newer than the backup are applied then.');
} catch (error) {
  console.error(
    error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? (error as Error).message
      : `restore failed: ${(error as Error).stack ?? String(error)}`,
  );
  process.exitCode = 1;
}

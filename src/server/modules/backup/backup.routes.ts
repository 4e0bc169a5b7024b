/**
 * POST /api/admin/backup { passphrase }: a fresh backup archive, encrypted with the passphrase, as an attachment,
 * made by the same createBackup as `npm run backup` (on a worker thread, backup-worker.ts). The archive is written whole to a temporary file first, so the answer has a Content-Length (the
 * admin screen shows progress) and a failure is a JSON error, not a cut-off download. One backup at a time per
 * instance, a restore included (one-at-a-time.ts): a second request meanwhile answers 409 rather than doubling the load. Each download made is recorded in
 * the audit log (who and when), as every admin write is.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { BackupRequest } from '../../../shared/schemas/backup.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
import { runBackupInWorker } from '../../backup/backup-worker.ts';
import { backupFileName } from '../../backup/write-backup.ts';
import { ApiError } from '../../http/errors.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { restoreRoutes } from './restore.routes.ts';

export function backupRoutes() {
  const lock = oneAtATime();
  return new Hono<AppEnv>()
    .route('/', restoreRoutes(lock))
    .post('/admin/backup', jsonBody(bodyCheck(BackupRequest)), (c) =>
      lock.run('backup', async () => {
        const env = c.get('env');
        const now = new Date();
        const fileName = backupFileName(now);
        const work = await mkdtemp(join(tmpdir(), 'site-backup-download-'));
        try {
          const { path, bytes } = await runBackupInWorker({
            env,
            out: join(work, fileName),
            passphrase: c.req.valid('json').passphrase,
            signal: c.req.raw.signal,
            now,
          });
          // The admin guard ran first, so the user is set.
          const user = signedInUser(c);
          // Who took a copy of every account and order, and when: shown with the other admin activity (before the file
          // is opened, so a refused write leaves no descriptor behind).
          await recordAudit(c.get('db'), user, {
            action: 'backup.download',
            target: { type: 'backup', id: fileName },
            summary: `Backup ${fileName} downloaded`,
          });
          const stream = createReadStream(path);
          // Open before the file is removed: the open descriptor keeps its bytes until the download ends.
          await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
          console.log(
            JSON.stringify({
              level: 'info',
              time: now.toISOString(),
              event: 'backup.download',
              userId: user.id,
              bytes,
            }),
          );
          return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
            'Content-Type': 'application/octet-stream',
            'Content-Length': String((await stat(path)).size),
            'Content-Disposition': `attachment; filename="${fileName}"`,
            'X-Content-Type-Options': 'nosniff',
          });
        } catch (error) {
          if (c.req.raw.signal.aborted) throw new ApiError(409, 'The backup was cancelled');
          console.error(
            JSON.stringify({
              level: 'error',
              time: new Date().toISOString(),
              path: c.req.path,
              error: (error as Error).stack ?? String(error),
            }),
          );
          // The reason (pg_dump missing, a full disk) names paths and programs: it goes to the operator's log only (R63).
          throw new ApiError(503, 'The backup could not be made; the server log says why');
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      }),
    );
}

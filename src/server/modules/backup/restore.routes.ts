/**
 * Restoring a backup into the running site from the admin area (admin only: /api/admin/*), in steps the admin sees:
 *   GET    /admin/restore          where it stands (RestoreStatus)
 *   PUT    /admin/restore/archive  the archive as the whole body (application/octet-stream), kept in DATA_DIR/restore
 *   POST   /admin/restore/check    { passphrase }: the dry run; every checksum checked, the counts beside today's
 *   POST   /admin/restore          { passphrase }: the site backed up first (kept), then restored; everyone signs in again
 *   POST   /admin/restore/keep     the restore is kept: the backup of before is removed
 *   POST   /admin/restore/undo     { passphrase }: the site as it was before the restore, from that backup
 *   GET    /admin/restore/before   that backup, to download
 *   DELETE /admin/restore          the uploaded archive removed (before it is restored)
 * A refused archive (wrong passphrase, damaged, another version or site) answers 400 and changes nothing.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { RestorePassphrase, type RestoreStatus } from '../../../shared/schemas/restore.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
import { WrongPassphrase } from '../../backup/archive-crypto.ts';
import { runBackupInWorker } from '../../backup/backup-worker.ts';
import { BackupError } from '../../backup/manifest.ts';
import { readArchive, type StagedArchive } from '../../backup/read-backup.ts';
import { RestoreArea } from '../../backup/restore-area.ts';
import { planRestore, restoreIntoLiveSite } from '../../backup/restore-live.ts';
import { backupFileName } from '../../backup/write-backup.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { fileBodyOf } from '../../http/file-body.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { invalidateCompany } from '../company/company.cache.ts';
import type { OneAtATime } from './one-at-a-time.ts';

/** The largest archive taken; the free disk space is checked too (RestoreArea.receive). */
const MAX_ARCHIVE_BYTES = 64 * 1024 ** 3;

const passphraseBody = jsonBody(bodyCheck(RestorePassphrase));

/** A refusal of the archive as the contract's 400, naming the field at fault; anything else goes on. */
function refusalOf(error: unknown): never {
  if (error instanceof WrongPassphrase) throw fieldError(400, error.message, 'passphrase');
  if (error instanceof BackupError) throw fieldError(400, error.message, 'archive');
  throw error;
}

/** The operator's log line of a failure whose reason names paths or programs (never sent to the browser, R63). */
function logFailure(c: Context<AppEnv>, error: unknown): void {
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
}

/** The archive read out into a work folder and checked whole; the folder is removed after `work`. */
async function withArchive<T>(
  area: RestoreArea,
  archive: string,
  passphrase: string,
  work: (staged: StagedArchive, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await area.workDir();
  try {
    const staged = await readArchive(archive, dir, passphrase).catch(refusalOf);
    return await work(staged, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function restoreRoutes(lock: OneAtATime) {
  const areaOf = (c: Context<AppEnv>) => new RestoreArea(c.get('env').DATA_DIR);
  const expect = async (area: RestoreArea, steps: RestoreStatus['step'][], message: string) => {
    const status = await area.status();
    if (!steps.includes(status.step)) throw new ApiError(409, message);
    return status;
  };
  const PENDING = 'A restore is waiting to be kept or undone: do that first';

  return new Hono<AppEnv>()
    .get('/admin/restore', async (c) => c.json(await areaOf(c).status()))
    .put('/admin/restore/archive', async (c) => {
      const file = fileBodyOf(c, {
        field: 'archive',
        what: 'the backup archive',
        max: MAX_ARCHIVE_BYTES,
        tooLarge: 'The archive is larger than a restore takes',
        fallbackName: 'backup.tar.gz.age',
      });
      return lock.run('restore', async () => {
        const area = areaOf(c);
        await expect(area, ['none', 'uploaded', 'checked'], PENDING);
        await area.receive(file).catch((error: unknown) => {
          if (error instanceof BackupError) throw fieldError(507, error.message, 'archive');
          throw error;
        });
        return c.json(await area.status());
      });
    })
    .post('/admin/restore/check', passphraseBody, async (c) =>
      lock.run('restore', async () => {
        const area = areaOf(c);
        await expect(area, ['uploaded', 'checked'], 'Upload a backup archive first');
        const plan = await withArchive(area, area.archive, c.req.valid('json').passphrase, (staged) =>
          planRestore(c.get('env'), staged).catch(refusalOf),
        );
        await area.recordPlan(plan);
        return c.json(await area.status());
      }),
    )
    .post('/admin/restore', passphraseBody, async (c) =>
      lock.run('restore', async () => {
        const area = areaOf(c);
        await expect(area, ['checked'], 'Check the backup first: its dry run comes before the restore');
        const env = c.get('env');
        const { passphrase } = c.req.valid('json');
        const user = signedInUser(c);
        const status = await withArchive(area, area.archive, passphrase, async (staged, dir) => {
          await planRestore(env, staged).catch(refusalOf);
          const now = new Date();
          const fileName = backupFileName(now).replace(/^site-backup-/, 'site-before-restore-');
          try {
            await runBackupInWorker({ env, out: area.beforePath(fileName), passphrase, now });
          } catch (error) {
            logFailure(c, error);
            throw new ApiError(
              503,
              'The current site could not be backed up first, so nothing was restored; the server log says why',
            );
          }
          try {
            await restoreIntoLiveSite(env, staged, dir);
          } catch (error) {
            await rm(area.beforePath(fileName), { force: true });
            if (error instanceof BackupError) refusalOf(error);
            logFailure(c, error);
            throw new ApiError(
              503,
              'The backup could not be restored and the site was left as it was; the server log says why',
            );
          }
          await area.recordRestored({
            restoredAt: new Date().toISOString(),
            backupCreatedAt: staged.manifest.created_at,
            fileName,
          });
          return area.status();
        });
        invalidateCompany(c.get('db'));
        siteChanged(c, 'the whole site');
        await recordAudit(c.get('db'), user, {
          action: 'backup.restore',
          target: { type: 'backup', id: status.step === 'restored' ? status.backupCreatedAt : '' },
          summary: `Backup of ${status.step === 'restored' ? status.backupCreatedAt : 'an earlier time'} restored into the site`,
        });
        return c.json(status);
      }),
    )
    .post('/admin/restore/keep', async (c) =>
      lock.run('restore', async () => {
        const area = areaOf(c);
        const status = await expect(area, ['restored'], 'There is no restore to keep');
        await area.finish();
        await recordAudit(c.get('db'), signedInUser(c), {
          action: 'backup.restore-keep',
          target: { type: 'backup', id: status.step === 'restored' ? status.backupCreatedAt : '' },
          summary: 'The restored site was kept; the backup made before it was removed',
        });
        return c.json(await area.status());
      }),
    )
    .post('/admin/restore/undo', passphraseBody, async (c) =>
      lock.run('restore', async () => {
        const area = areaOf(c);
        const status = await expect(area, ['restored'], 'There is no restore to undo');
        if (status.step !== 'restored') throw new ApiError(409, 'There is no restore to undo');
        const env = c.get('env');
        const user = signedInUser(c);
        await withArchive(
          area,
          area.beforePath(status.before.fileName),
          c.req.valid('json').passphrase,
          async (staged, dir) => {
            await planRestore(env, staged).catch(refusalOf);
            await restoreIntoLiveSite(env, staged, dir).catch((error: unknown) => {
              if (error instanceof BackupError) refusalOf(error);
              logFailure(c, error);
              throw new ApiError(503, 'The site could not be put back as it was; the server log says why');
            });
          },
        );
        await area.finish();
        invalidateCompany(c.get('db'));
        siteChanged(c, 'the whole site');
        await recordAudit(c.get('db'), user, {
          action: 'backup.restore-undo',
          target: { type: 'backup', id: status.backupCreatedAt },
          summary: `The restore of the backup of ${status.backupCreatedAt} was undone: the site is as it was before it`,
        });
        return c.json(await area.status());
      }),
    )
    .get('/admin/restore/before', async (c) => {
      const status = await areaOf(c).status();
      if (status.step !== 'restored') throw new ApiError(404, 'There is no backup of the site before a restore');
      const path = areaOf(c).beforePath(status.before.fileName);
      const stream = createReadStream(path);
      await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String((await stat(path)).size),
        'Content-Disposition': `attachment; filename="${status.before.fileName}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .delete('/admin/restore', async (c) =>
      lock.run('restore', async () => {
        const area = areaOf(c);
        await expect(area, ['none', 'uploaded', 'checked'], PENDING);
        await area.discardUpload();
        return c.json(await area.status());
      }),
    );
}

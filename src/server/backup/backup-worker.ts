/**
 * createBackup on a worker thread, for the admin's download: the passphrase's scrypt (about a second of pure
 * computation and 256 MiB) and the archive's encryption then never hold up the requests the server answers meanwhile.
 * `runBackupInWorker` starts it and ends it when the download is cancelled; the worker's side is the code at the end.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BackupError } from './manifest.ts';
import { createBackup, type BackupEnv, type BackupOptions, type BackupResult } from './write-backup.ts';

const BACKUP_ENV_KEYS = [
  'DATA_DIR',
  'DATABASE_URL',
  'AUTH_SECRET',
  'MEDIA_STORAGE',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
  'BACKUP_WORK_FACTOR',
] as const satisfies readonly (keyof BackupEnv)[];

interface Job {
  env: BackupEnv;
  out: string;
  passphrase: string;
  now: string;
}

type Answer = { ok: true; result: BackupResult } | { ok: false; message: string; operator: boolean };

/** createBackup's result, made on a worker thread; rejects with BackupError for a reason meant for the operator. */
export function runBackupInWorker({
  env,
  out,
  passphrase,
  signal,
  now = new Date(),
}: BackupOptions): Promise<BackupResult> {
  signal?.throwIfAborted();
  const job: Job = {
    env: Object.fromEntries(BACKUP_ENV_KEYS.map((key) => [key, env[key]])) as BackupEnv,
    out,
    passphrase,
    now: now.toISOString(),
  };
  const worker = new Worker(new URL(import.meta.url), { workerData: job });
  return new Promise<BackupResult>((resolve, reject) => {
    const cancel = () => {
      reject(new Error('The backup was cancelled'));
      void worker.terminate();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    worker.once('message', (answer: Answer) => {
      if (answer.ok) resolve(answer.result);
      else reject(answer.operator ? new BackupError(answer.message) : new Error(answer.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', cancel);
      reject(new Error(`The backup's worker stopped (exit code ${code})`));
    });
  });
}

if (!isMainThread && parentPort) {
  const job = workerData as Job;
  const port = parentPort;
  createBackup({ env: job.env, out: job.out, passphrase: job.passphrase, now: new Date(job.now) }).then(
    (result) => port.postMessage({ ok: true, result } satisfies Answer),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        message:
          error instanceof BackupError
            ? error.message
            : error instanceof Error
              ? (error.stack ?? error.message)
              : String(error),
        operator: error instanceof BackupError,
      } satisfies Answer),
  );
}

/**
 * Where the admin's restore keeps its state between requests: DATA_DIR/restore (mode 0700), outside the database the
 * restore replaces, so a restart in between loses nothing. It holds the uploaded archive and what is known of it, the
 * dry run's plan, and once restored the backup of the site as it was before, kept until the admin keeps the restore
 * or undoes it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { RestorePlan, RestoreStatus, RestoreUpload } from '../../shared/schemas/restore.ts';
import { writeFileAtomically } from '../durable-file.ts';
import { FileBodyError, saveFileBody, type FileBody } from '../http/file-body.ts';
import { BackupError } from './manifest.ts';

const FILES = {
  archive: 'upload.tar.gz.age',
  upload: 'upload.json',
  plan: 'plan.json',
  restored: 'restored.json',
} as const;

/** The folder the backup of the site before a restore is written in. */
const BEFORE = 'before';

/** What restored.json records. */
interface Restored {
  restoredAt: string;
  backupCreatedAt: string;
  fileName: string;
}

export class RestoreArea {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'restore');
  }

  get archive(): string {
    return join(this.dir, FILES.archive);
  }

  private async ready(): Promise<void> {
    await mkdir(join(this.dir, BEFORE), { recursive: true, mode: 0o700 });
  }

  private async readJson<T>(name: string): Promise<T | null> {
    try {
      return JSON.parse(await readFile(join(this.dir, name), 'utf8')) as T;
    } catch {
      return null;
    }
  }

  private async writeJson(name: string, value: unknown): Promise<void> {
    await this.ready();
    await writeFileAtomically(join(this.dir, name), Buffer.from(JSON.stringify(value)), 0o600);
  }

  async status(): Promise<RestoreStatus> {
    const restored = await this.readJson<Restored>(FILES.restored);
    if (restored) {
      const path = this.beforePath(restored.fileName);
      const bytes = existsSync(path) ? (await stat(path)).size : 0;
      return {
        step: 'restored',
        restoredAt: restored.restoredAt,
        backupCreatedAt: restored.backupCreatedAt,
        before: { fileName: restored.fileName, bytes },
      };
    }
    const upload = existsSync(this.archive) ? await this.readJson<RestoreUpload>(FILES.upload) : null;
    if (!upload) return { step: 'none' };
    const plan = await this.readJson<RestorePlan>(FILES.plan);
    return plan ? { step: 'checked', upload, plan } : { step: 'uploaded', upload };
  }

  /**
   * Stores an uploaded archive of `length` bytes, replacing an earlier one not yet restored; refused when it would
   * leave too little room for what a restore writes next (the archive read out, the backup made first).
   */
  async receive(file: FileBody): Promise<RestoreUpload> {
    await this.discardUpload();
    await this.sweep();
    await this.ready();
    const free = await statfs(this.dir).then((s) => s.bavail * s.bsize);
    if (free < 3 * file.length)
      throw new BackupError(
        `There is not enough free disk space for this restore: it needs about three times the archive's size (${file.length} bytes), and ${free} bytes are free`,
      );
    await saveFileBody(file, this.archive).catch((error: unknown) => {
      throw error instanceof FileBodyError ? new BackupError(error.message.replace('the file', 'the archive')) : error;
    });
    const upload: RestoreUpload = { fileName: file.fileName, bytes: file.length, uploadedAt: new Date().toISOString() };
    await this.writeJson(FILES.upload, upload);
    return upload;
  }

  async recordPlan(plan: RestorePlan): Promise<void> {
    await this.writeJson(FILES.plan, plan);
  }

  /** Removes the uploaded archive and what was learnt of it. */
  async discardUpload(): Promise<void> {
    await Promise.all(
      [FILES.archive, `${FILES.archive}.part`, FILES.upload, FILES.plan].map((name) =>
        rm(join(this.dir, name), { force: true }),
      ),
    );
  }

  /** A new private work folder inside the area (the archive read out), for the caller to remove. */
  async workDir(): Promise<string> {
    await this.ready();
    return mkdtemp(join(this.dir, 'work-'));
  }

  /** Where the backup of the site before the restore is written. */
  beforePath(fileName: string): string {
    return join(this.dir, BEFORE, fileName);
  }

  async recordRestored(restored: Restored): Promise<void> {
    await this.writeJson(FILES.restored, restored);
    await this.discardUpload();
  }

  /** The restore is kept or undone: the backup of before goes, and every leftover of the area with it. */
  async finish(): Promise<void> {
    await rm(join(this.dir, FILES.restored), { force: true });
    await this.sweep();
  }

  /**
   * Removes what an interrupted restore left (a stopped server): work folders and a backup of before that no
   * restore names. Called when nothing is pending, so none of it is in use.
   */
  private async sweep(): Promise<void> {
    await rm(join(this.dir, BEFORE), { recursive: true, force: true });
    for (const name of existsSync(this.dir) ? await readdir(this.dir) : [])
      if (name.startsWith('work-')) await rm(join(this.dir, name), { recursive: true, force: true });
  }
}

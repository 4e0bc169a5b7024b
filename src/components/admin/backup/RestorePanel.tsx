/**
 * The restore part of /admin/backup: a backup archive uploaded, checked with its passphrase (the dry run shows what
 * the restore would change), restored into the running site after a confirmation, then kept or undone. Restoring
 * and undoing end every session, this admin's too, so both end on a sign-in link that comes back here.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  checkRestore,
  discardRestoreArchive,
  downloadBeforeRestore,
  fetchRestoreStatus,
  keepRestore,
  restoreBackup,
  undoRestore,
  uploadRestoreArchive,
} from '../../../lib/api/admin/restore.ts';
import { BackupDownloadError, type BackupProgress } from '../../../lib/api/admin/backup.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import type { UploadProgress } from '../../../lib/api/upload.ts';
import { loginHref } from '../../../lib/auth-rules.ts';
import { saveFile } from '../../../lib/browser/save-file.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { logout } from '../../../lib/stores/session.ts';
import { BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_TEXTS } from '../../../shared/schemas/backup.ts';
import type { RestoreStatus } from '../../../shared/schemas/restore.ts';
import type { FieldSpec } from '../company/company-rules.ts';
import { Card, Field } from '../company/fields.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DownloadIcon from '../ui/DownloadIcon.tsx';
import { FieldError, invalidProps, refusedField } from '../ui/field-errors.tsx';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import Spinner from '../ui/Spinner.tsx';
import { formatBytes } from './format-bytes.ts';
import {
  ArchiveBox,
  dangerButton,
  Failure,
  OnNewServer,
  primaryButton,
  secondaryButton,
  Steps,
  UploadProgressLine,
  Working,
} from './restore-parts.tsx';
import { backupOf } from './restore-plan-rows.ts';
import RestorePlanView from './RestorePlanView.tsx';

/** The screen a sign-in comes back to. */
const HERE = '/admin/backup';

/** Why the admin must sign in again: their restore, their undo, or a session that ended otherwise (another admin's). */
type SignedOut = 'restored' | 'undone' | 'ended';

const SIGNED_OUT_TEXTS: Record<SignedOut, string> = {
  restored:
    'Restored. Everyone signs in again, you too: sign in, then come back here to keep the restored site or undo the restore.',
  undone: 'The site is back as it was before the restore. Sign in again.',
  ended: 'You are signed out: a restore or its undo signs everyone out. Sign in again, then come back here.',
};

type Loaded =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; status: RestoreStatus }
  | { phase: 'signed-out'; why: SignedOut };

/** Where the panel goes when the status cannot be read: signed out after a 401, else the failure. */
function loadFailure(error: unknown): Loaded {
  if ((error as { status?: number } | null)?.status !== 401)
    return { phase: 'failed', message: errorMessage(error, 'The restore could not be loaded.') };
  // The server ended this session (a restored database has none); the browser forgets its token too.
  logout();
  return { phase: 'signed-out', why: 'ended' };
}

type Action = 'upload' | 'check' | 'restore' | 'remove' | 'keep' | 'undo' | 'download';

/** A refusal: under the archive, under the passphrase, or for the whole panel. */
interface Refusal {
  archive?: string;
  passphrase?: string;
  failure?: string;
}

const FALLBACKS: Record<Exclude<Action, 'download'>, string> = {
  upload: 'The archive could not be uploaded. Please try again.',
  check: 'The backup could not be checked. Please try again.',
  restore: 'The backup could not be restored. Please try again.',
  remove: 'The archive could not be removed. Please try again.',
  keep: 'The restored site could not be kept. Please try again.',
  undo: 'The restore could not be undone. Please try again.',
};

/** The archive's passphrase: typed, never made up here, so no saved password is offered for it. */
const passphraseSpec = (label: string, hint: string): FieldSpec => ({
  name: 'passphrase',
  label,
  kind: 'password',
  // As long as the server takes (RestorePassphrase): an older archive's passphrase may be longer than today's rule.
  max: 2 * BACKUP_PASSPHRASE_MAX,
  autoComplete: 'off',
  hint,
});

const CHECK_PASSPHRASE = passphraseSpec(
  'Passphrase of the backup',
  'The one the backup was made with. The backup of the current site made before the restore is locked with it too.',
);
const UNDO_PASSPHRASE = passphraseSpec(
  'Passphrase of the restored backup',
  'The backup of before is locked with the passphrase the restored backup was checked with.',
);

/** The restore card of the Backup screen (inside its admin gate). */
export default function RestorePanel() {
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [action, setAction] = useState<Action | null>(null);
  const running = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its archive is uploaded or removed.
  const [fileKey, setFileKey] = useState(0);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const [download, setDownload] = useState<BackupProgress | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({});
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState<'restore' | 'keep' | 'undo' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // Focused once drawn: after an upload, and with its refusal.
  const focusPassphrase = useRef(false);

  const busy = action !== null;

  useEffect(() => {
    let live = true;
    fetchRestoreStatus().then(
      (status) => {
        if (live) setLoaded({ phase: 'ready', status });
      },
      (error: unknown) => {
        if (live) setLoaded(loadFailure(error));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!focusPassphrase.current) return;
    const input = root.current?.querySelector<HTMLInputElement>('input[name="passphrase"]');
    if (!input) return;
    focusPassphrase.current = false;
    input.focus();
  });

  // The step's controls are gone once signed out: the way on takes the focus.
  const signedOut = loaded.phase === 'signed-out';
  useEffect(() => {
    if (signedOut) root.current?.querySelector<HTMLElement>('[data-sign-in]')?.focus();
  }, [signedOut]);

  function signOut(why: SignedOut) {
    // As in loadFailure: the session is gone on the server.
    logout();
    setLoaded({ phase: 'signed-out', why });
  }

  async function reload() {
    setLoaded({ phase: 'loading' });
    try {
      setLoaded({ phase: 'ready', status: await fetchRestoreStatus() });
    } catch (error) {
      setLoaded(loadFailure(error));
    }
  }

  function refuse(error: unknown, fallback: string) {
    const field = refusedField(error);
    const message = errorMessage(error, fallback);
    // After a restore the archive at fault is the backup of before, which the panel shows no box for.
    const archiveShown = !(loaded.phase === 'ready' && loaded.status.step === 'restored');
    if (field === 'passphrase') {
      focusPassphrase.current = true;
      setRefusal({ passphrase: message });
    } else if (field === 'archive' && archiveShown) setRefusal({ archive: message });
    else setRefusal({ failure: message });
  }

  /** Runs one step; its answer is where the restore stands now. */
  async function run(
    kind: Exclude<Action, 'download'>,
    call: () => Promise<RestoreStatus>,
    after: (status: RestoreStatus) => void = (status) => setLoaded({ phase: 'ready', status }),
  ) {
    if (running.current) return;
    running.current = true;
    setAction(kind);
    setRefusal({});
    setNotice('');
    try {
      after(await call());
    } catch (error) {
      const status = (error as { status?: number } | null)?.status;
      if (status === 401) signOut('ended');
      else if (kind === 'upload' && uploadAbort.current?.signal.aborted) setNotice('The upload was cancelled.');
      else {
        refuse(error, FALLBACKS[kind]);
        // Another admin moved the restore on meanwhile: the panel shows where it stands now, the refusal with it.
        if (status === 409) {
          fetchRestoreStatus().then(
            (now) => setLoaded({ phase: 'ready', status: now }),
            () => undefined,
          );
        }
      }
    } finally {
      running.current = false;
      setAction(null);
      setConfirming(null);
      setUpload(null);
      uploadAbort.current = null;
    }
  }

  function sendArchive() {
    if (!file) {
      setRefusal({ archive: 'Choose the backup archive (a .tar.gz.age file) first.' });
      return;
    }
    const controller = new AbortController();
    uploadAbort.current = controller;
    setUpload({ loaded: 0, total: file.size, percent: 0 });
    void run(
      'upload',
      () => uploadRestoreArchive(file, setUpload, controller.signal),
      (status) => {
        setFile(null);
        setFileKey((k) => k + 1);
        setPassphrase('');
        focusPassphrase.current = true;
        setLoaded({ phase: 'ready', status });
      },
    );
  }

  /** The passphrase typed, or its refusal under the field. */
  function typedPassphrase(): string | null {
    if (passphrase !== '') return passphrase;
    focusPassphrase.current = true;
    setRefusal({ passphrase: BACKUP_PASSPHRASE_TEXTS.required });
    return null;
  }

  function askFirst(step: 'restore' | 'undo') {
    if (typedPassphrase() === null) return;
    setRefusal({});
    setNotice('');
    setConfirming(step);
  }

  async function saveBefore(expected: number) {
    if (running.current) return;
    running.current = true;
    setAction('download');
    setRefusal({});
    setNotice('');
    setDownload({ received: 0, total: expected });
    try {
      const { blob, fileName } = await downloadBeforeRestore(setDownload);
      saveFile(blob, fileName);
      setNotice(`Saved ${fileName} (${formatBytes(blob.size)}).`);
    } catch (error) {
      if (error instanceof BackupDownloadError && error.status === 401) signOut('ended');
      else
        setRefusal({
          failure:
            error instanceof BackupDownloadError
              ? error.message
              : 'The backup could not be downloaded. Please try again.',
        });
    } finally {
      running.current = false;
      setAction(null);
      setDownload(null);
    }
  }

  const editPassphrase = (value: string) => {
    setPassphrase(value);
    if (refusal.passphrase) setRefusal({});
  };

  function body(): ReactNode {
    if (loaded.phase === 'loading') return <Spinner compact label="Loading the restore" />;
    if (loaded.phase === 'failed') {
      return (
        <div className="space-y-3">
          <Failure message={loaded.message} />
          <button type="button" onClick={() => void reload()} className={secondaryButton}>
            Try again
          </button>
        </div>
      );
    }
    if (loaded.phase === 'signed-out') {
      return (
        <div
          role="status"
          className="grid justify-items-start gap-3 rounded-lg border border-emerald-600/40 bg-emerald-500/10 p-4 text-emerald-900 dark:text-emerald-200"
        >
          <p className="m-0 text-sm font-semibold">{SIGNED_OUT_TEXTS[loaded.why]}</p>
          <a data-sign-in href={loginHref(HERE)} className={`${primaryButton} no-underline`}>
            Sign in
          </a>
        </div>
      );
    }
    const { status } = loaded;
    if (status.step === 'restored') return restoredView(status);
    if (status.step === 'none') return uploadView();
    return checkView(status);
  }

  function uploadView() {
    const id = 'restore-archive';
    return (
      <form
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          sendArchive();
        }}
      >
        <Steps current={1} />
        <div className="min-w-0">
          <label htmlFor={id} className="block text-sm font-medium">
            Backup archive
          </label>
          <input
            key={fileKey}
            id={id}
            name="archive"
            type="file"
            accept=".age"
            disabled={busy}
            {...invalidProps(id, refusal.archive, `${id}-hint`)}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              if (refusal.archive) setRefusal({});
            }}
            className="mt-1 block w-full min-w-0 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          />
          <p id={`${id}-hint`} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
            The .tar.gz.age file a backup made (Download backup, or npm run backup on the server). Nothing on the site
            changes until you check it and restore it.
          </p>
          <FieldError id={id} error={refusal.archive} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} aria-busy={action === 'upload'} className={primaryButton}>
            {action === 'upload' ? 'Uploading…' : 'Upload'}
          </button>
          {action === 'upload' && (
            <button type="button" onClick={() => uploadAbort.current?.abort()} className={secondaryButton}>
              Cancel upload
            </button>
          )}
        </div>
        {upload && <UploadProgressLine progress={upload} />}
      </form>
    );
  }

  function checkView(status: Extract<RestoreStatus, { step: 'uploaded' | 'checked' }>) {
    const plan = status.step === 'checked' ? status.plan : null;
    return (
      <div className="space-y-5">
        <Steps current={plan ? 3 : 2} />
        <ArchiveBox
          upload={status.upload}
          error={refusal.archive}
          busy={busy}
          removing={action === 'remove'}
          onRemove={() =>
            void run('remove', discardRestoreArchive, (now) => {
              setPassphrase('');
              setNotice('The archive was removed.');
              setLoaded({ phase: 'ready', status: now });
            })
          }
        />
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const typed = typedPassphrase();
            if (typed !== null) void run('check', () => checkRestore(typed));
          }}
        >
          <div className="max-w-md">
            <Field
              spec={CHECK_PASSPHRASE}
              value={passphrase}
              error={refusal.passphrase ?? ''}
              onChange={editPassphrase}
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            aria-busy={action === 'check'}
            className={plan ? secondaryButton : primaryButton}
          >
            {action === 'check' ? 'Checking…' : plan ? 'Check again' : 'Check backup'}
          </button>
          {action === 'check' && (
            <Working>Opening the archive and checking every checksum… A large backup takes a while.</Working>
          )}
        </form>
        {plan && (
          <>
            <RestorePlanView plan={plan} />
            <div className="grid justify-items-start gap-2 rounded-lg border border-red-500/40 bg-red-500/5 p-4">
              <h3 className="m-0 text-base font-semibold">Restore this backup</h3>
              <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
                The current site is backed up first and kept until you keep or undo the restore.
              </p>
              <p className="m-0 mb-1 text-sm text-gray-700 dark:text-gray-300">
                Every page, product, order, account, picture and document is replaced with the backup's, and everyone is
                signed out, you too.
              </p>
              <button
                type="button"
                disabled={busy}
                aria-busy={action === 'restore'}
                onClick={() => askFirst('restore')}
                className={dangerButton}
              >
                {action === 'restore' ? 'Restoring…' : 'Restore this backup'}
              </button>
            </div>
            <ConfirmDialog
              open={confirming === 'restore'}
              title="Restore this backup?"
              confirmLabel="Restore this backup"
              busyLabel="Restoring…"
              busy={action === 'restore'}
              onCancel={() => setConfirming(null)}
              onConfirm={() =>
                void run(
                  'restore',
                  () => restoreBackup(passphrase),
                  () => signOut('restored'),
                )
              }
              details={
                action === 'restore' ? (
                  <div className="mt-3">
                    <Working>Backing up the current site, then restoring… Keep this page open.</Working>
                  </div>
                ) : undefined
              }
            >
              The site's current content is replaced with {backupOf(plan.createdAt)}, and everyone is signed out, you
              too. The current site is backed up first, so the restore can be undone.
            </ConfirmDialog>
          </>
        )}
      </div>
    );
  }

  function restoredView(status: Extract<RestoreStatus, { step: 'restored' }>) {
    return (
      <div className="space-y-5">
        <div className="grid gap-1">
          <p className="m-0 text-base font-semibold text-emerald-800 dark:text-emerald-300">
            Restored {backupOf(status.backupCreatedAt)}.
          </p>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
            The restore ran <time dateTime={status.restoredAt}>{formatDateTime(status.restoredAt)}</time>. The site as
            it was just before is kept in a backup until you keep the restored site or undo the restore.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            aria-busy={action === 'keep'}
            onClick={() => {
              setRefusal({});
              setNotice('');
              setConfirming('keep');
            }}
            className={primaryButton}
          >
            Keep the restored site
          </button>
          <button
            type="button"
            disabled={busy}
            aria-busy={action === 'download'}
            onClick={() => void saveBefore(status.before.bytes)}
            className={secondaryButton}
          >
            <DownloadIcon size={16} />
            {action === 'download'
              ? 'Downloading…'
              : `Download the backup of before (${formatBytes(status.before.bytes)})`}
          </button>
        </div>
        {download && (
          <div className="grid gap-1.5">
            <ProgressTrack
              label="Download of the backup of before"
              percent={download.total ? Math.min(100, Math.round((download.received / download.total) * 100)) : null}
            />
            <p role="status" className="m-0 text-sm tabular-nums text-gray-700 dark:text-gray-300">
              Downloading: {formatBytes(download.received)}
              {download.total ? ` of ${formatBytes(download.total)}` : ''}
            </p>
          </div>
        )}
        <form
          className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-white/10"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askFirst('undo');
          }}
        >
          <h3 className="m-0 text-base font-semibold">Undo the restore</h3>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
            Puts the site back as it was just before the restore, from that backup: whatever changed since is lost, and
            everyone signs in again.
          </p>
          <div className="max-w-md">
            <Field
              spec={UNDO_PASSPHRASE}
              value={passphrase}
              error={refusal.passphrase ?? ''}
              onChange={editPassphrase}
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            aria-busy={action === 'undo'}
            className={`${dangerButton} justify-self-start`}
          >
            {action === 'undo' ? 'Undoing…' : 'Undo the restore'}
          </button>
        </form>
        <ConfirmDialog
          open={confirming === 'keep'}
          title="Keep the restored site?"
          confirmLabel="Keep the restored site"
          busyLabel="Keeping…"
          busy={action === 'keep'}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void run('keep', keepRestore, (now) => {
              setPassphrase('');
              setNotice('The restored site is kept; the backup of before was removed.');
              setLoaded({ phase: 'ready', status: now });
            })
          }
        >
          The backup of the site as it was before the restore is removed, so the restore can no longer be undone.
          Download it first to keep a copy.
        </ConfirmDialog>
        <ConfirmDialog
          open={confirming === 'undo'}
          title="Undo the restore?"
          confirmLabel="Undo the restore"
          busyLabel="Undoing…"
          busy={action === 'undo'}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void run(
              'undo',
              () => undoRestore(passphrase),
              () => signOut('undone'),
            )
          }
          details={
            action === 'undo' ? (
              <div className="mt-3">
                <Working>Putting the site back as it was… Keep this page open.</Working>
              </div>
            ) : undefined
          }
        >
          The site is put back as it was just before the restore; whatever changed since is lost, and everyone is signed
          out, you too.
        </ConfirmDialog>
      </div>
    );
  }

  return (
    <Card
      title="Restore a backup into this site"
      description="Upload a backup archive, check it with its passphrase to see what would change, then restore it. The current site is backed up first, so the restore can be undone."
    >
      <div ref={root} className="space-y-4">
        {body()}
        <Failure message={refusal.failure} />
        <p role="status" className="m-0 text-sm font-medium text-emerald-700 empty:hidden dark:text-emerald-300">
          {notice}
        </p>
      </div>
      <OnNewServer />
    </Card>
  );
}

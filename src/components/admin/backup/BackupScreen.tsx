/**
 * The /admin/backup screen: what a backup archive holds, the passphrase it is encrypted with (typed twice, checked
 * by the same rule as the server's), a "Download backup" button that shows the server making the archive and then
 * how much of it has arrived; below it, restoring one into the running site (RestorePanel).
 */
import { useRef, useState } from 'react';
import { saveFile } from '../../../lib/browser/save-file.ts';
import {
  BACKUP_PASSPHRASE_MAX,
  BACKUP_PASSPHRASE_TEXTS,
  backupPassphraseProblem,
} from '../../../shared/schemas/backup.ts';
import type { FieldSpec } from '../company/company-rules.ts';
import { Card, Field } from '../company/fields.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import { BackupDownloadError, downloadBackup, type BackupProgress } from '../../../lib/api/admin/backup.ts';
import { formatBytes } from './format-bytes.ts';
import DownloadIcon from '../ui/DownloadIcon.tsx';
import RestorePanel from './RestorePanel.tsx';
import { Working } from './restore-parts.tsx';

type State =
  | { step: 'idle' }
  | { step: 'making' }
  | { step: 'receiving'; progress: BackupProgress }
  | { step: 'done'; fileName: string; size: number }
  | { step: 'failed'; message: string };

const HOLDS: readonly { title: string; text: string }[] = [
  {
    title: 'The database',
    text: 'Every page, product, post, photo, event, order, message and account (passwords only as hashes), as one consistent snapshot taken while the site keeps running. Sign-ins, one-time codes and reset links are left out: after a restore everyone signs in again.',
  },
  {
    title: 'Media and documents',
    text: 'Every uploaded picture with its resized copies, audio file and document, from wherever they are stored (this server or the S3 bucket).',
  },
  {
    title: 'The server secret',
    text: 'secret.key, so that codes and links mailed before the backup still work after a restore (not included when the server runs with AUTH_SECRET: keep that value).',
  },
  {
    title: 'A manifest',
    text: 'The size and SHA-256 checksum of every file and the row count of every table; the restore checks them all before it changes anything.',
  },
  {
    title: 'Locked with your passphrase',
    text: 'The whole file is encrypted (age, with scrypt) with the passphrase you choose here. Nobody can read it or restore it without the passphrase, and a file someone else made or changed is refused.',
  },
];

/** A passphrase box: a new secret, never filled from a saved password. */
const passphraseField = (name: string, label: string): FieldSpec => ({
  name,
  label,
  kind: 'password',
  max: BACKUP_PASSPHRASE_MAX,
  autoComplete: 'new-password',
});

const PASSPHRASE_HINT =
  'At least 16 characters. Keep it in a password manager, apart from the file: without it nobody can restore the backup, not even you.';

function Progress({ state }: { state: State }) {
  if (state.step === 'making') {
    return <Working>Making the backup on the server… A site with many pictures takes a while.</Working>;
  }
  if (state.step === 'receiving') {
    const { received, total } = state.progress;
    const percent = total ? Math.min(100, Math.round((received / total) * 100)) : null;
    return (
      <div className="space-y-1.5">
        <ProgressTrack label="Backup download" percent={percent} />
        <p role="status" className="m-0 text-sm tabular-nums text-gray-700 dark:text-gray-300">
          Downloading: {formatBytes(received)}
          {total ? ` of ${formatBytes(total)} (${percent}%)` : ''}
        </p>
      </div>
    );
  }
  if (state.step === 'done') {
    return (
      <p role="status" className="m-0 text-sm font-medium text-green-700 dark:text-green-400">
        Saved <span className="break-all font-mono">{state.fileName}</span> ({formatBytes(state.size)}). Keep it
        somewhere safe, and the passphrase apart from it: the file cannot be restored without the passphrase.
      </p>
    );
  }
  if (state.step === 'failed') {
    return (
      <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-400">
        {state.message}
      </p>
    );
  }
  return null;
}

function BackupPanel() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ passphrase: string; again: string }>({ passphrase: '', again: '' });
  const busy = state.step === 'making' || state.step === 'receiving';
  const running = useRef(false);

  async function download() {
    if (running.current) return;
    const problem = backupPassphraseProblem(passphrase) ?? '';
    const mismatch = !problem && again !== passphrase ? BACKUP_PASSPHRASE_TEXTS.mismatch : '';
    setErrors({ passphrase: problem, again: mismatch });
    if (problem || mismatch) return;
    running.current = true;
    setState({ step: 'making' });
    try {
      const { blob, fileName } = await downloadBackup(passphrase, (progress) => {
        setState({ step: 'receiving', progress });
      });
      saveFile(blob, fileName);
      setState({ step: 'done', fileName, size: blob.size });
    } catch (error) {
      if (error instanceof BackupDownloadError && error.field === 'passphrase') {
        setErrors({ passphrase: error.message.replace(/^passphrase: /, ''), again: '' });
        setState({ step: 'idle' });
        return;
      }
      setState({
        step: 'failed',
        message:
          error instanceof BackupDownloadError
            ? error.message
            : 'The backup could not be downloaded. Please try again.',
      });
    } finally {
      running.current = false;
    }
  }

  return (
    // One card under the other: the restore's dry-run tables need the full width.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <Card
        title="Download a backup"
        description="One encrypted file (.tar.gz.age) with everything needed to bring the site back, here or on a new server."
      >
        <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {HOLDS.map((item) => (
            <li
              key={item.title}
              className="rounded-lg border border-gray-200 p-3 dark:border-white/10 sm:last:odd:col-span-2"
            >
              <p className="m-0 text-sm font-semibold">{item.title}</p>
              <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">{item.text}</p>
            </li>
          ))}
        </ul>
        <form
          className="mt-5 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
          noValidate
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              spec={passphraseField('passphrase', 'Passphrase')}
              value={passphrase}
              error={errors.passphrase}
              onChange={setPassphrase}
            />
            <Field
              spec={passphraseField('passphrase-again', 'The same passphrase again')}
              value={again}
              error={errors.again}
              onChange={setAgain}
            />
          </div>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{PASSPHRASE_HINT}</p>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="brand-button inline-flex items-center gap-2 px-5 py-2.5 font-semibold disabled:opacity-60"
          >
            <DownloadIcon size={18} />
            {busy ? 'Preparing backup…' : 'Download backup'}
          </button>
          <Progress state={state} />
        </form>
      </Card>
      <RestorePanel />
    </div>
  );
}

/** The Backup island: shown to a signed-in admin only. */
export default function BackupScreen() {
  return <AdminGate>{() => <BackupPanel />}</AdminGate>;
}

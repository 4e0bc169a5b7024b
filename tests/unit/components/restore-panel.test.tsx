/**
 * The restore part of the Backup screen: an archive uploaded with its progress, checked with its passphrase (the dry
 * run shown, a refusal under its field), restored after a confirmation (then everyone signs in again, this admin
 * too), and a restore kept or undone. The endpoint functions answer from memory; the last block sends the archive to
 * a local API to see the body go out as it is.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BackupScreen from '../../../src/components/admin/backup/BackupScreen.tsx';
import RestorePanel from '../../../src/components/admin/backup/RestorePanel.tsx';
import {
  checkRestore,
  discardRestoreArchive,
  fetchRestoreStatus,
  keepRestore,
  restoreBackup,
  undoRestore,
  uploadRestoreArchive,
} from '../../../src/lib/api/admin/restore.ts';
import type { UploadProgress } from '../../../src/lib/api/upload.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import type { RestorePlan, RestoreStatus, RestoreUpload } from '../../../src/shared/schemas/restore.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError, deferred, stubModalDialogs } from './helpers/browser.ts';

// The screen past the admin check (covered by admin-gate.test.ts).
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/restore.ts', () => ({
  fetchRestoreStatus: vi.fn(),
  uploadRestoreArchive: vi.fn(),
  checkRestore: vi.fn(),
  restoreBackup: vi.fn(),
  keepRestore: vi.fn(),
  undoRestore: vi.fn(),
  discardRestoreArchive: vi.fn(),
  downloadBeforeRestore: vi.fn(),
}));

beforeAll(() => {
  stubModalDialogs();
});

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  $token.set(null);
});

const UPLOAD: RestoreUpload = {
  fileName: 'site-backup-2026-11-22.tar.gz.age',
  bytes: 5 * 1024 * 1024,
  uploadedAt: '2026-11-23T09:00:00.000Z',
};

const PLAN: RestorePlan = {
  createdAt: '2026-11-22T18:00:00.000Z',
  database: 'sqlite',
  tables: [
    { name: 'users', backup: 3, now: 5 },
    { name: 'pages', backup: 10, now: 10 },
    { name: 'products', backup: 4, now: 0 },
  ],
  files: [
    { store: 'media', backup: 12, backupBytes: 4.2 * 1024 * 1024, now: 9, added: 5, removed: 2 },
    { store: 'documents', backup: 1, backupBytes: 2048, now: 1, added: 0, removed: 0 },
  ],
  checksums: 27,
};

const uploaded: RestoreStatus = { step: 'uploaded', upload: UPLOAD };
const checked: RestoreStatus = { step: 'checked', upload: UPLOAD, plan: PLAN };
const restored: RestoreStatus = {
  step: 'restored',
  restoredAt: '2026-11-23T09:30:00.000Z',
  backupCreatedAt: '2026-11-22T18:00:00.000Z',
  before: { fileName: 'site-before-restore-2026-11-23.tar.gz.age', bytes: 3 * 1024 * 1024 },
};

const PASSPHRASE = 'correct horse battery staple';
const WRONG = 'The passphrase does not open this archive';
const SIGN_IN_AGAIN =
  'Restored. Everyone signs in again, you too: sign in, then come back here to keep the restored site or undo the restore.';

const passphraseInput = () => screen.getByLabelText<HTMLInputElement>('Passphrase of the backup');
const click = (element: HTMLElement) => act(() => Promise.resolve(fireEvent.click(element)));
const dialog = () => screen.getByRole('dialog');

/** Signed in as far as this browser knows: the token a restore ends. */
function signedIn() {
  localStorage.setItem('token', 'tok_0123456789abcdef');
  $token.set('tok_0123456789abcdef');
}

describe('the restore panel', () => {
  it('is the Backup screen’s restore card, with the command line kept for a new server', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue({ step: 'none' });
    render(<BackupScreen />);
    expect(await screen.findByRole('region', { name: 'Restore a backup into this site' })).toBeTruthy();
    expect(screen.getByText('Restore on a new server instead')).toBeTruthy();
    expect(screen.getByText('DATA_DIR=./data-restored npm run restore site-backup.tar.gz.age')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Restoring a backup' })).toBeNull();
  });

  it('uploads the archive with its progress, then checks it and shows the dry run', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue({ step: 'none' });
    const sent = deferred<RestoreStatus>();
    let report: ((progress: UploadProgress) => void) | undefined;
    vi.mocked(uploadRestoreArchive).mockImplementation((_file, onProgress) => {
      report = onProgress;
      return sent.promise;
    });
    vi.mocked(checkRestore).mockResolvedValue(checked);
    render(<RestorePanel />);

    const archive = new File([new Uint8Array(100)], UPLOAD.fileName, { type: 'application/octet-stream' });
    const input = await screen.findByLabelText<HTMLInputElement>('Backup archive');
    expect(input.accept).toBe('.age');
    fireEvent.change(input, { target: { files: [archive] } });
    await click(screen.getByRole('button', { name: 'Upload' }));
    expect(vi.mocked(uploadRestoreArchive).mock.calls[0]?.[0]).toBe(archive);
    const uploading = screen.getByRole('button', { name: 'Uploading…' });
    expect(uploading.getAttribute('aria-busy')).toBe('true');

    act(() => report?.({ loaded: 40, total: 100, percent: 40 }));
    expect(screen.getByRole('progressbar', { name: 'Archive upload' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading: 40 bytes of 100 bytes (40%)')).toBeTruthy();

    await act(() => {
      sent.resolve(uploaded);
      return sent.promise;
    });
    expect(screen.getByText(UPLOAD.fileName)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove this archive' })).toBeTruthy();
    // The next thing to type takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(passphraseInput()));

    fireEvent.change(passphraseInput(), { target: { value: PASSPHRASE } });
    await click(screen.getByRole('button', { name: 'Check backup' }));
    expect(checkRestore).toHaveBeenCalledWith(PASSPHRASE);

    const plan = await screen.findByRole('region', { name: 'What the restore would change' });
    expect(plan.textContent).toContain('Backup made Nov 22, 2026, 6:00 PM UTC, from a SQLite database.');
    expect(within(plan).getByText('27 checksums checked: the archive is whole and unchanged.')).toBeTruthy();
    // Only the tables whose counts differ, until all are asked for.
    const table = within(plan).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'users' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'products' })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: 'pages' })).toBeNull();
    await click(within(plan).getByRole('button', { name: 'Show all 3 tables' }));
    expect(within(table).getByRole('rowheader', { name: 'pages' })).toBeTruthy();
    expect(within(plan).getByText('4.2 MB')).toBeTruthy();
    expect(within(plan).getByText('Media (pictures and audio)')).toBeTruthy();

    expect(
      screen.getByText('The current site is backed up first and kept until you keep or undo the restore.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore this backup' })).toBeTruthy();
  });

  it('shows a wrong passphrase under its field and a damaged archive under the archive', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue(uploaded);
    vi.mocked(checkRestore)
      .mockRejectedValueOnce(apiError(400, { message: WRONG, field: 'passphrase' }))
      .mockRejectedValueOnce(apiError(400, { message: 'The archive is damaged', field: 'archive' }));
    render(<RestorePanel />);
    await screen.findByText(UPLOAD.fileName);

    // Nothing typed: refused here, nothing sent.
    await click(screen.getByRole('button', { name: 'Check backup' }));
    expect(checkRestore).not.toHaveBeenCalled();
    expect(passphraseInput().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(passphraseInput(), { target: { value: 'not the passphrase' } });
    expect(passphraseInput().getAttribute('aria-invalid')).toBeNull();
    await click(screen.getByRole('button', { name: 'Check backup' }));
    await waitFor(() => expect(passphraseInput().getAttribute('aria-invalid')).toBe('true'));
    const message = screen.getByText(WRONG);
    expect(passphraseInput().getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(passphraseInput());
    expect(screen.queryByRole('region', { name: 'What the restore would change' })).toBeNull();

    await click(screen.getByRole('button', { name: 'Check backup' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The archive is damaged'));
    expect(screen.queryByText(WRONG)).toBeNull();
    expect(passphraseInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('restores after the confirmation, then asks everyone to sign in again', async () => {
    signedIn();
    vi.mocked(fetchRestoreStatus).mockResolvedValue(checked);
    const answer = deferred<RestoreStatus>();
    vi.mocked(restoreBackup).mockReturnValue(answer.promise);
    render(<RestorePanel />);
    await screen.findByRole('region', { name: 'What the restore would change' });

    // A checked archive met again after a reload: its passphrase is typed anew first.
    await click(screen.getByRole('button', { name: 'Restore this backup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(passphraseInput().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(passphraseInput(), { target: { value: PASSPHRASE } });
    await click(screen.getByRole('button', { name: 'Restore this backup' }));
    expect(within(dialog()).getByText(/replaced with the backup of Nov 22, 2026 at 6:00 PM UTC/)).toBeTruthy();
    expect(restoreBackup).not.toHaveBeenCalled();
    await click(within(dialog()).getByRole('button', { name: 'Restore this backup' }));
    expect(restoreBackup).toHaveBeenCalledWith(PASSPHRASE);
    expect(within(dialog()).getByRole('button', { name: 'Restoring…' })).toBeTruthy();
    expect(within(dialog()).getByRole('status').textContent).toMatch(/Backing up the current site, then restoring/);

    await act(() => {
      answer.resolve(restored);
      return answer.promise;
    });
    expect(screen.getByText(SIGN_IN_AGAIN)).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/admin/backup')}`);
    expect(document.activeElement).toBe(signIn);
    // The session ended on the server; this browser forgets it too.
    expect(localStorage.getItem('token')).toBeNull();
    expect($token.get()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep the restored site' })).toBeNull();
  });

  it('says why a refused restore changed nothing, under the passphrase', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue(checked);
    vi.mocked(restoreBackup).mockRejectedValue(apiError(400, { message: WRONG, field: 'passphrase' }));
    render(<RestorePanel />);
    await screen.findByRole('region', { name: 'What the restore would change' });
    fireEvent.change(passphraseInput(), { target: { value: 'a passphrase that is wrong' } });
    await click(screen.getByRole('button', { name: 'Restore this backup' }));
    await click(within(dialog()).getByRole('button', { name: 'Restore this backup' }));
    await waitFor(() => expect(screen.getByText(WRONG)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(passphraseInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(SIGN_IN_AGAIN)).toBeNull();
  });

  it('removes the uploaded archive', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue(uploaded);
    vi.mocked(discardRestoreArchive).mockResolvedValue({ step: 'none' });
    render(<RestorePanel />);
    await click(await screen.findByRole('button', { name: 'Remove this archive' }));
    expect(discardRestoreArchive).toHaveBeenCalled();
    expect(await screen.findByLabelText('Backup archive')).toBeTruthy();
    expect(screen.getByText('The archive was removed.')).toBeTruthy();
  });

  it('shows a restore waiting to be kept or undone, and keeps it', async () => {
    vi.mocked(fetchRestoreStatus).mockResolvedValue(restored);
    vi.mocked(keepRestore).mockResolvedValue({ step: 'none' });
    render(<RestorePanel />);
    expect(await screen.findByText('Restored the backup of Nov 22, 2026 at 6:00 PM UTC.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the backup of before (3.0 MB)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo the restore' })).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Keep the restored site' }));
    expect(keepRestore).not.toHaveBeenCalled();
    await click(within(dialog()).getByRole('button', { name: 'Keep the restored site' }));
    expect(keepRestore).toHaveBeenCalled();
    expect(await screen.findByText('The restored site is kept; the backup of before was removed.')).toBeTruthy();
    expect(screen.getByLabelText('Backup archive')).toBeTruthy();
  });

  it('undoes a restore with its passphrase, then asks to sign in again', async () => {
    signedIn();
    vi.mocked(fetchRestoreStatus).mockResolvedValue(restored);
    vi.mocked(undoRestore).mockResolvedValue({ step: 'none' });
    render(<RestorePanel />);
    const input = await screen.findByLabelText<HTMLInputElement>('Passphrase of the restored backup');
    fireEvent.change(input, { target: { value: PASSPHRASE } });
    await click(screen.getByRole('button', { name: 'Undo the restore' }));
    await click(within(dialog()).getByRole('button', { name: 'Undo the restore' }));
    expect(undoRestore).toHaveBeenCalledWith(PASSPHRASE);
    expect(await screen.findByText('The site is back as it was before the restore. Sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/admin/backup')}`,
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks to sign in again when the session has ended (another admin restored)', async () => {
    vi.mocked(fetchRestoreStatus).mockRejectedValue(apiError(401, { message: 'Sign in first' }));
    render(<RestorePanel />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('the archive upload (a local API)', () => {
  let server: Server;
  let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      // The page (jsdom's origin) and the API differ, as when PUBLIC_API_URL is set.
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'PUT',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        });
        res.end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(uploaded));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('PUBLIC_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  it('sends the file as the whole body with its name, and reports the progress', async () => {
    const { uploadRestoreArchive: send } = await vi.importActual<
      typeof import('../../../src/lib/api/admin/restore.ts')
    >('../../../src/lib/api/admin/restore.ts');
    $token.set('tok_0123456789abcdef');
    const bytes = new Uint8Array(32 * 1024).map((_, i) => i % 251);
    const progress: UploadProgress[] = [];
    const answer = await send(new File([bytes], 'site backup é.tar.gz.age'), (p) => progress.push(p));
    expect(answer).toEqual(uploaded);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/admin/restore/archive' });
    expect(seen[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(seen[0]?.headers['x-file-name']).toBe(encodeURIComponent('site backup é.tar.gz.age'));
    expect(seen[0]?.headers.authorization).toBe('Bearer tok_0123456789abcdef');
    expect(seen[0]?.headers.accept).toBe('application/json');
    expect(Buffer.compare(seen[0]?.body ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
    expect(progress.at(-1)).toMatchObject({ percent: 100, total: bytes.byteLength });
  });
});

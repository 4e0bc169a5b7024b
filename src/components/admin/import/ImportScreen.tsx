/**
 * The /admin/import screen: a WordPress blog or a Shopify catalogue moved in. The export (and a .zip of its pictures)
 * is uploaded and checked, the dry run shows what would be created, updated and skipped, the admin starts it, the
 * server's runner imports while the screen shows how far it is, and the report ends it. Below, the earlier imports;
 * one still under way (or waiting for the admin) is opened when the screen loads.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  discardImport,
  fetchImport,
  fetchImports,
  startImport,
  type ImportAnswer,
} from '../../../lib/api/admin/imports.ts';
import type { ImportJob } from '../../../shared/schemas/imports.ts';
import { Card } from '../company/fields.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import ImportHistory from './ImportHistory.tsx';
import ImportMediaForm from './ImportMediaForm.tsx';
import ImportPlanView from './ImportPlanView.tsx';
import ImportProgress from './ImportProgress.tsx';
import ImportReportView from './ImportReportView.tsx';
import ImportUploadForm from './ImportUploadForm.tsx';
import { secondaryButton } from './import-parts.tsx';
import { isUnderWay } from './import-view.ts';

/** The import shown: its job, whether its heading takes the focus, and whether the screen saw it end just now. */
interface Shown {
  job: ImportJob;
  focus: boolean;
  live: boolean;
}

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

function Importer() {
  const load = useCallback(() => fetchImports(), []);
  const history = useRemote(load, 'The earlier imports could not be loaded.');
  const { reload: reloadHistory } = history;
  const [shown, setShown] = useState<Shown | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [uploading, setUploading] = useState(false);
  const [step, setStep] = useState<'start' | 'discard' | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  // The upload form comes back fresh (and focused) after a discard or "Import another file".
  const [form, setForm] = useState({ round: 0, focus: false });
  // Whether the list has arrived once, and whether the admin has uploaded or opened something since the screen loaded.
  const listed = useRef(false);
  const touched = useRef(false);

  async function open(id: string) {
    touched.current = true;
    setOpening(id);
    try {
      const job = await fetchImport(id);
      setShown({ job, focus: true, live: false });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The import could not be opened. Please try again.') });
    } finally {
      setOpening(null);
    }
  }

  // Once, when the list first arrives: an import under way or waiting for the admin is where they left off, unless
  // the admin has begun something else meanwhile.
  const firstList = history.remote.state === 'ready' ? history.remote.data : null;
  useEffect(() => {
    if (!firstList || listed.current) return;
    listed.current = true;
    const pending = firstList.find((job) => isUnderWay(job.status) || job.status === 'planned');
    if (!pending) return;
    fetchImport(pending.id).then(
      (job) => {
        if (!touched.current) setShown({ job, focus: false, live: false });
      },
      () => undefined,
    );
  }, [firstList]);

  const show = (job: ImportJob, focus: boolean) => setShown({ job, focus, live: false });

  function planned(answer: ImportAnswer, note: Notice) {
    // The list is read again as the upload form lets go (onBusyChange).
    show(answer.job, true);
    setNotice(note ?? { tone: 'ok', text: answer.message });
  }

  function fresh() {
    setShown(null);
    setForm((f) => ({ round: f.round + 1, focus: true }));
  }

  async function run(which: 'start' | 'discard', job: ImportJob) {
    setStep(which);
    setNotice(null);
    try {
      if (which === 'start') {
        const answer = await startImport(job.id);
        setShown({ job: answer.job, focus: true, live: false });
        setNotice({ tone: 'ok', text: answer.message });
      } else {
        const answer = await discardImport(job.id);
        fresh();
        setNotice({ tone: 'ok', text: answer.message });
      }
    } catch (error) {
      setNotice({
        tone: 'error',
        text: errorMessage(
          error,
          which === 'start'
            ? 'The import could not be started. Please try again.'
            : 'The import could not be discarded. Please try again.',
        ),
      });
      // Another admin moved it on meanwhile: the screen shows where it stands now.
      if (statusOf(error) === 409) {
        fetchImport(job.id).then(
          (now) => setShown({ job: now, focus: false, live: false }),
          () => undefined,
        );
      }
    } finally {
      setStep(null);
      void reloadHistory(true);
    }
  }

  function progressed(job: ImportJob) {
    const ended = !isUnderWay(job.status);
    setShown({ job, focus: ended, live: ended });
    if (ended) {
      setNotice(null);
      void reloadHistory(true);
    }
  }

  function body() {
    if (!shown) {
      return (
        <ImportUploadForm
          key={form.round}
          focusFirst={form.focus}
          onPlanned={planned}
          onNotice={setNotice}
          onBusyChange={(busy) => {
            if (busy) touched.current = true;
            setUploading(busy);
            // A cancelled upload may have reached the server all the same: the list tells.
            if (!busy) void reloadHistory(true);
          }}
        />
      );
    }
    const { job } = shown;
    switch (job.status) {
      case 'planned':
        return (
          <ImportPlanView
            key={job.id}
            job={job}
            focus={shown.focus}
            busy={step}
            locked={uploading}
            onStart={() => void run('start', job)}
            onDiscard={() => void run('discard', job)}
          >
            <ImportMediaForm
              job={job}
              disabled={step !== null}
              onBusyChange={setUploading}
              onNotice={setNotice}
              onPlanned={(answer) => {
                show(answer.job, false);
                setNotice({ tone: 'ok', text: answer.message });
                void reloadHistory(true);
              }}
            />
          </ImportPlanView>
        );
      case 'queued':
      case 'running':
        return <ImportProgress key={job.id} job={job} focus={shown.focus} onUpdate={progressed} />;
      case 'done':
      case 'failed':
        return <ImportReportView key={job.id} job={job} focus={shown.focus} live={shown.live} onAgain={fresh} />;
      case 'discarded':
        return (
          <div className="grid gap-3">
            <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
              This import was discarded: nothing was imported, and its files are deleted.
            </p>
            <button type="button" onClick={fresh} className={`${secondaryButton} justify-self-start`}>
              Import another file
            </button>
          </div>
        );
    }
  }

  return (
    <div className="grid gap-5">
      <Card
        title="Import from WordPress or Shopify"
        description="Move a WordPress blog or a Shopify catalogue into this site: upload the export, see what the import would do, then import it."
      >
        <div className="grid min-w-0 gap-4">{body()}</div>
        <NoticeLine notice={notice} />
      </Card>
      <Card
        title="Earlier imports"
        description="Every import made here, newest first. Open one to see its plan or its report."
      >
        <ImportHistory
          remote={history.remote}
          current={shown?.job ?? null}
          opening={opening}
          disabled={uploading || step !== null}
          onOpen={(id) => void open(id)}
          onRetry={() => void reloadHistory()}
        />
      </Card>
    </div>
  );
}

/** The Import screen, for a signed-in admin only. */
export default function ImportScreen() {
  return <AdminGate>{() => <Importer />}</AdminGate>;
}

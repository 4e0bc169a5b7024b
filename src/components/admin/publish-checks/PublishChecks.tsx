/**
 * The /admin/publish-checks screen: what the last rebuild's checks found in what it publishes. The summary with when
 * the checks ran and when the pages were weighed, "Check now" (the checks run again with a rebuild; the report is
 * read again every 2 s until the new run's is in), then one card per item with findings: held back first, then errors,
 * then warnings, each with a link to the item on the site and one to the screen that fixes it.
 */
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchPublishChecks, runPublishChecks } from '../../../lib/api/admin/publish-checks.ts';
import {
  CHECKS,
  HELD_NOTE,
  HELD_THEME_NOTE,
  type CheckedItem,
  type PublishCheckReport,
} from '../../../shared/publish-checks.ts';
import { Card } from '../company/fields.tsx';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import { Badge, NOTE, primaryButton } from '../import/import-parts.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import {
  doneText,
  EXPLANATION,
  isNewRun,
  kindLabel,
  lastCheckedText,
  NOTHING_TO_FIX,
  pagesMeasuredText,
  POLL_MS,
  POLL_TRIES,
  SEVERITY_LABELS,
  sortFindings,
  sortItems,
  STILL_RUNNING,
  summarySentence,
} from './publish-checks-view.ts';

const ITEM_CARD =
  'min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5';
// Inline-block, not flex: a flex box would drop the spaces around the title read to screen readers alone.
const SMALL_LINK = 'inline-block rounded-md px-3 py-1.5 text-center text-sm no-underline';
const OUTLINE_LINK = `${SMALL_LINK} border font-medium border-gray-300 text-gray-900 hover:bg-gray-100 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10`;
const FIX_LINK = `brand-button ${SMALL_LINK} font-semibold`;

function ItemCard({ item }: { item: CheckedItem }) {
  const id = useId();
  return (
    <li className={ITEM_CARD} data-item={`${item.kind}:${item.id}`}>
      <article aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="grid min-w-0 flex-1 basis-56 gap-1">
            <p className="m-0 flex flex-wrap items-center gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400">
                {kindLabel(item)}
              </span>
              {item.held && (
                <Badge tone="failed" data="held">
                  Held back
                </Badge>
              )}
            </p>
            <h3 id={`${id}-title`} className="m-0 break-words text-base font-semibold">
              {item.title}
            </h3>
            {item.path !== null && (
              <p className="m-0 break-all font-mono text-xs text-gray-600 dark:text-gray-400">{item.path}</p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {item.path !== null && (
              <a href={item.path} target="_blank" rel="noopener" className={OUTLINE_LINK}>
                View <span className="sr-only">{item.title}</span> on site
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <a href={item.fixHref} className={FIX_LINK}>
              Fix <span className="sr-only">{item.title}</span>
            </a>
          </div>
        </div>
        {item.held && (
          <p className="m-0 text-sm font-medium text-red-700 dark:text-red-300">
            {item.kind === 'theme' ? HELD_THEME_NOTE : HELD_NOTE}
          </p>
        )}
        <ul className="m-0 grid list-none gap-2 p-0" aria-label={`Findings for ${item.title}`}>
          {sortFindings(item.findings).map((finding, i) => (
            <li
              key={`${finding.code}-${i}`}
              className="grid min-w-0 gap-1 rounded-lg border border-gray-200 px-3 py-2 text-sm dark:border-white/10"
              data-code={finding.code}
            >
              <p className="m-0 flex flex-wrap items-center gap-2">
                <Badge tone={finding.severity === 'error' ? 'failed' : 'warning'} data={finding.severity}>
                  {SEVERITY_LABELS[finding.severity]}
                </Badge>
                <strong className="font-semibold">{CHECKS[finding.code].label}</strong>
              </p>
              <p className="m-0 break-words text-gray-700 dark:text-gray-300">{finding.message}</p>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

function Findings({ report }: { report: PublishCheckReport }) {
  if (report.checkedAt === null) return null;
  if (report.items.length === 0) {
    return (
      <p className="m-0 rounded-xl border border-emerald-600/30 bg-emerald-500/10 px-4 py-3 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        {NOTHING_TO_FIX}
      </p>
    );
  }
  return (
    <ul className="m-0 grid list-none gap-4 p-0" aria-label="Items with findings">
      {sortItems(report.items).map((item) => (
        <ItemCard key={`${item.kind}:${item.id}`} item={item} />
      ))}
    </ul>
  );
}

/** Waiting for the run "Check now" asked for: the checkedAt shown when it was pressed, and the reads made since. */
interface Waiting {
  before: string | null;
  tries: number;
}

function Checks() {
  const { remote, reload, set } = useRemote(fetchPublishChecks, 'The publish checks could not be loaded.');
  const [starting, setStarting] = useState(false);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const report = remote.state === 'ready' ? remote.data : null;
  const show = useEffectEvent(set);

  // One read at a time, each timed from the last answer, until the new run's report is in or the tries run out.
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const next = (found: PublishCheckReport | null) => {
      if (!live) return;
      if (found && isNewRun(waiting.before, found)) {
        setWaiting(null);
        setNotice({ tone: 'ok', text: doneText(found) });
      } else if (waiting.tries + 1 >= POLL_TRIES) {
        setWaiting(null);
        setNotice({ tone: 'ok', text: STILL_RUNNING });
      } else {
        setWaiting({ before: waiting.before, tries: waiting.tries + 1 });
      }
    };
    const timer = setTimeout(() => {
      fetchPublishChecks().then(
        (found) => {
          if (live) show(found);
          next(found);
        },
        // A read that fails (the server busy with the rebuild) counts as a try; the next may answer.
        () => next(null),
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting]);

  async function checkNow() {
    const before = report?.checkedAt ?? null;
    setStarting(true);
    setNotice(null);
    try {
      const answer = await runPublishChecks();
      setNotice({ tone: 'ok', text: answer.message });
      setWaiting({ before, tries: 0 });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The checks could not be started. Please try again.') });
    } finally {
      setStarting(false);
    }
  }

  const running = starting || waiting !== null;
  const checked = report ? lastCheckedText(report.checkedAt) : null;

  return (
    <div className="grid min-w-0 gap-5">
      <Card title="Publish checks" description={EXPLANATION}>
        <div className="grid min-w-0 gap-3">
          {remote.state === 'loading' && <PanelLoading label="Loading the publish checks" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {report && (
            <div className="grid gap-1">
              <p className="m-0 text-base font-semibold" data-summary>
                {summarySentence(report)}
              </p>
              <p className={NOTE}>
                {checked && <>{checked} </>}
                {pagesMeasuredText(report.pagesMeasuredAt)}
              </p>
            </div>
          )}
          <button
            type="button"
            onClick={() => void checkNow()}
            disabled={running}
            aria-busy={running}
            className={`${primaryButton} justify-self-start`}
          >
            {running ? 'Checking…' : 'Check now'}
          </button>
        </div>
        <NoticeLine notice={notice} />
      </Card>
      {report && <Findings report={report} />}
    </div>
  );
}

/** The Publish checks screen, for a signed-in admin only. */
export default function PublishChecks() {
  return <AdminGate>{() => <Checks />}</AdminGate>;
}

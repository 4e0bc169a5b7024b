/**
 * The top bar's publish status, on every admin screen: 'Publishing…' with the server's estimate of when visitors see
 * the change, then 'Live' with a link to the public page, or 'Build failed' with the reason and Retry. Below 640 px
 * it hangs under the top bar as a small tab; the details open in a popover at every width.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  etaShort,
  etaText,
  PUBLISH_DOT,
  PUBLISH_LABEL,
  PUBLISH_TONE,
  publishSentence,
} from '../../../lib/admin/publish-view.ts';
import { $publish } from '../../../lib/stores/publish.ts';
import RetryBuild from '../site/RetryBuild.tsx';
import { useDismiss } from './use-dismiss.ts';

/** The countdown's step: the estimate is whole seconds. */
const TICK_MS = 1000;

const TONE_TEXT = {
  busy: 'text-amber-800 dark:text-amber-200',
  live: 'text-green-800 dark:text-green-300',
  failed: 'text-red-700 dark:text-red-300',
} as const;

export default function PublishIndicator() {
  const { status, page, receivedAt, announcement } = useStore($publish);
  const [open, setOpen] = useState(false);
  const [tick, setTick] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, popover]);

  const tone = status ? PUBLISH_TONE[status.state] : null;
  // The countdown ticks while publishing; the status itself is polled by the store.
  useEffect(() => {
    if (tone !== 'busy') return;
    const timer = setInterval(() => setTick(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [tone]);

  if (!status || !tone) return null;
  // A tick from before this status arrived is stale.
  const now = Math.max(tick, receivedAt);

  const label = PUBLISH_LABEL[tone];
  const eta = tone === 'busy' ? etaShort(status, now) : '';
  return (
    // Below 640 px the button is a tab hanging under the top bar (in the content's top padding), so the bar's title
    // keeps its room; from 640 px it is a pill in the bar.
    <div className="sm:relative" data-publish-tone={tone}>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Publish status: ${label}${tone === 'busy' ? ` visitors see this ${etaText(status, now)}` : ''}`}
        title={publishSentence(status, now)}
        onClick={() => setOpen(!open)}
        className={`absolute right-2 top-full inline-flex h-6 items-center gap-1.5 whitespace-nowrap rounded-b-lg border border-t-0 border-gray-200 bg-white px-2.5 text-xs font-semibold shadow-sm hover:bg-gray-50 dark:border-white/10 dark:bg-[#0f151c] dark:hover:bg-[#18212b] sm:static sm:h-9 sm:gap-2 sm:rounded-full sm:border-t sm:bg-transparent sm:px-3 sm:text-sm sm:shadow-none sm:dark:border-white/15 sm:dark:bg-transparent ${TONE_TEXT[tone]}`}
      >
        <span
          className={`h-2.5 w-2.5 shrink-0 rounded-full sm:h-3 sm:w-3 ${PUBLISH_DOT[status.state]}`}
          aria-hidden="true"
        />
        <span aria-hidden="true">
          {label}
          {eta && <span className="font-normal"> {eta}</span>}
        </span>
      </button>
      <div
        ref={popover}
        id={id}
        role="region"
        aria-label="Publish status"
        hidden={!open}
        className="fixed inset-x-2 top-[5.75rem] z-50 rounded-xl border border-gray-200 bg-white p-4 text-gray-900 shadow-xl dark:border-white/10 dark:bg-[#111821] dark:text-gray-100 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-80"
      >
        <p className={`m-0 break-words text-sm font-semibold ${TONE_TEXT[tone]}`} data-publish-sentence>
          {publishSentence(status, now)}
        </p>
        {tone === 'busy' && (
          <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
            Saved. The public site is rebuilt in the background.
          </p>
        )}
        {tone === 'live' && (
          <a
            href={page}
            target="_blank"
            rel="noopener"
            className="brand-button mt-3 inline-flex px-4 py-2 text-sm font-semibold hover:opacity-85"
          >
            View on site
          </a>
        )}
        {tone === 'failed' && <RetryBuild className="mt-3" />}
      </div>
    </div>
  );
}

/** The top bar's bell: a badge with the count, and a popover listing GET /api/admin/notifications. */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fetchNotifications } from '../../../lib/api/admin/dashboard.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { relativeTime } from '../dashboard/relative-time.ts';
import { useRemote } from '../dashboard/use-remote.ts';
import { useDismiss } from './use-dismiss.ts';

export default function NotificationsButton({ buttonClass }: { buttonClass: string }) {
  const { remote, reload } = useRemote(fetchNotifications, 'Could not load the notifications.');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, popover]);

  // Opening shows what is true now, without the spinner when a list is already there.
  useEffect(() => {
    if (open) void reload(true);
  }, [open, reload]);

  const count = remote.state === 'ready' ? remote.data.length : 0;
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={`${buttonClass} relative`}
        aria-label={count ? `Notifications (${count})` : 'Notifications'}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {count > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
            aria-hidden="true"
            data-badge
          >
            {count > 9 ? '9+' : count}
          </span>
        )}
      </button>
      <div
        ref={popover}
        id={id}
        role="region"
        aria-label="Notifications"
        hidden={!open}
        className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-auto rounded-xl border border-gray-200 bg-white p-3 text-gray-900 shadow-xl dark:border-white/10 dark:bg-[#111821] dark:text-gray-100 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-80"
      >
        <p className="m-0 mb-2 px-1 text-sm font-semibold">Notifications</p>
        {remote.state === 'loading' && <PanelLoading label="Loading notifications" />}
        {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
        {remote.state === 'ready' && remote.data.length === 0 && (
          <p className="m-0 px-1 py-2 text-sm text-gray-600 dark:text-gray-400">You're all caught up.</p>
        )}
        {remote.state === 'ready' && remote.data.length > 0 && (
          <ul className="m-0 list-none space-y-2 p-0">
            {remote.data.map((item) => (
              <li
                key={item.id}
                className={`rounded-lg border-l-4 px-3 py-2 ${item.kind === 'posts-in-review' ? 'border-sky-500 bg-sky-500/10' : 'border-red-500 bg-red-500/10'}`}
              >
                <p className="m-0 break-words text-sm">
                  {item.href ? (
                    <a href={item.href} className="font-medium text-[var(--color-primary-ink)] underline">
                      {item.text}
                    </a>
                  ) : (
                    item.text
                  )}
                </p>
                <time
                  dateTime={item.at}
                  title={formatDateTime(item.at)}
                  className="text-xs text-gray-600 dark:text-gray-400"
                >
                  {relativeTime(item.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

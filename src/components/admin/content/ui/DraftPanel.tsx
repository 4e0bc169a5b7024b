/**
 * What an item's form shows of its draft and its preview: the version just restored as the draft, who saved the draft
 * and when (visitors still see the published version), Discard after asking, and the latest preview link with Open
 * and Copy and until when it works.
 * Usage: <DraftPanel draft={info or null} link={link or null} restored={message or null} busy onDiscard />, above the
 * form's fields.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import type { DraftInfo, PreviewLink } from '../../../../shared/drafts.ts';

interface Props {
  draft: DraftInfo | null;
  link: PreviewLink | null;
  /** The server's message for a version just restored as the draft. */
  restored?: string | null;
  busy: boolean;
  onDiscard: () => void;
}

const button =
  'min-h-9 rounded-md border border-gray-300 px-3 py-1 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

function LinkBox({ link }: { link: PreviewLink }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Preview is pressed at the foot of a long form: the new link is brought into view, selected to copy.
  useEffect(() => input.current?.focus(), [link.url]);
  return (
    <div className="grid gap-2 rounded-lg border border-sky-500/40 bg-sky-500/10 p-3 text-sm">
      <p className="m-0">
        Preview link for anyone you share it with, no account needed. It works until{' '}
        <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
      <input
        ref={input}
        readOnly
        value={link.url}
        aria-label="Preview link"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1 font-mono text-xs dark:border-white/20 dark:bg-black/30"
      />
      <div className="flex flex-wrap gap-2">
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${button} inline-flex items-center no-underline`}
        >
          Open preview
        </a>
        <button
          type="button"
          className={button}
          onClick={() =>
            void navigator.clipboard.writeText(link.url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}

export default function DraftPanel({ draft, link, restored = null, busy, onDiscard }: Props) {
  const [asking, setAsking] = useState(false);
  if (!draft && !link && !restored) return null;
  return (
    <div className="grid gap-3">
      {restored && (
        <p
          role="status"
          className="m-0 break-words rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-200"
        >
          {restored}
        </p>
      )}
      {draft && (
        <div
          role="note"
          className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-950 dark:text-amber-100"
        >
          <p className="m-0">
            You are editing the draft {draft.savedBy ? `${draft.savedBy} saved` : 'saved'} on{' '}
            <time dateTime={draft.savedAt}>{formatDateTime(draft.savedAt)}</time>. Visitors see the published version
            until the draft is published.
          </p>
          {asking ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Discard the draft? Its changes are lost.</span>
              <button type="button" disabled={busy} className={button} onClick={onDiscard}>
                Discard
              </button>
              <button type="button" disabled={busy} className={button} onClick={() => setAsking(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <div>
              <button type="button" disabled={busy} className={button} onClick={() => setAsking(true)}>
                Discard draft
              </button>
            </div>
          )}
        </div>
      )}
      {link && <LinkBox link={link} />}
    </div>
  );
}

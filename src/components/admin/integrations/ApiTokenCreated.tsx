/**
 * A token just made, the one time it is ever shown: read-only in a monospace field with Copy, the warning that goes
 * with it, and Done, after which it cannot be seen again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiTokenCreated as Created } from '../../../shared/schemas/api-tokens.ts';

const OUTLINE =
  'inline-flex shrink-0 items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100 dark:border-white/20 dark:bg-white/5 dark:text-gray-100 dark:hover:bg-white/10';

export default function ApiTokenCreated({ created, onDone }: { created: Created; onDone: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');

  // The form that was in its place is gone: the focus comes here, so the warning is read first.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('Copied. Paste it where the other system keeps its secrets.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the token is selected for the keyboard instead.
      field.current?.focus();
      field.current?.select();
      setCopied('It could not be copied here: the token is selected, press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-lg border-2 border-emerald-600/60 bg-emerald-500/10 p-3 sm:p-4 dark:border-emerald-400/50"
    >
      <h4
        ref={heading}
        id={`${id}-title`}
        tabIndex={-1}
        className="m-0 break-words text-base font-semibold outline-none"
      >
        Token “{created.item.name}” is ready
      </h4>
      <p className="m-0 text-sm font-medium text-gray-900 dark:text-gray-100">
        Copy it now: it is shown only this once. Whoever holds it can do what its scopes allow.
      </p>
      <div className="min-w-0">
        <label htmlFor={`${id}-token`} className="block text-sm font-medium">
          Your new token
        </label>
        <div className="mt-1 flex min-w-0 flex-col gap-2 sm:flex-row">
          <input
            ref={field}
            id={`${id}-token`}
            readOnly
            value={created.token}
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.currentTarget.select()}
            className="block min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm text-gray-900 dark:border-white/20 dark:bg-black/30 dark:text-gray-100"
          />
          <button type="button" className={`${OUTLINE} self-start sm:self-auto`} onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <p role="status" className="m-0 mt-1.5 text-sm text-gray-700 dark:text-gray-300">
          {copied}
        </p>
      </div>
      <div>
        <button type="button" className="brand-button px-5 py-2.5 font-semibold" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

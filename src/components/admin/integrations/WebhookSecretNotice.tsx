/**
 * A signing secret just made or rolled, shown this once: in a box to select or copy, with a plain word that it cannot
 * be shown again, until the admin says they have it.
 */
import { useId, useState } from 'react';

const BUTTON = 'brand-button-outline px-3 py-1.5 text-sm font-medium text-gray-900 dark:text-gray-100';

export default function WebhookSecretNotice({
  secret,
  url,
  onDone,
}: {
  secret: string;
  url: string;
  onDone: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <section
      aria-labelledby={id}
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-gray-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-gray-100 sm:p-4"
    >
      <h3 id={id} className="m-0 text-base font-semibold">
        Signing secret
      </h3>
      <p className="m-0 mt-1 break-all text-sm text-gray-700 dark:text-gray-300">For {url}</p>
      <p className="m-0 mt-2 text-sm font-medium">
        Shown only now: copy it into your receiver. It cannot be shown again; if you lose it, roll a new one.
      </p>
      <input
        readOnly
        aria-label="Signing secret"
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        spellCheck={false}
        className="mt-3 block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={BUTTON} onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="brand-button px-3 py-1.5 text-sm font-semibold" onClick={onDone}>
          I have copied it
        </button>
        {copied && (
          <p role="status" className="m-0 text-sm">
            {copied === 'yes'
              ? 'The secret was copied.'
              : 'The secret could not be copied; select it and copy it instead.'}
          </p>
        )}
      </div>
    </section>
  );
}

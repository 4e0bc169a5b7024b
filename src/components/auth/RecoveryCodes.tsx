/** Recovery codes, shown once: the list, copy and download, and a word on keeping them. */
import { useState } from 'react';
import { saveFile } from '../../lib/browser/save-file.ts';
import { recoveryCodesText } from './two-factor-rules.ts';
import { Alert } from './fields.tsx';

const BUTTON = 'brand-button-outline px-3 py-1.5 text-sm font-medium text-gray-900 dark:text-gray-100';

export default function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="info">
        Save these recovery codes now: they are shown only this once. Each one signs you in once if you cannot use your
        authenticator app.
      </Alert>
      <ul
        className="m-0 grid list-none grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-gray-200 p-3 font-mono text-sm dark:border-white/10"
        aria-label="Recovery codes"
        data-recovery-codes
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={BUTTON} onClick={() => void copy()}>
          Copy codes
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={() =>
            saveFile(new Blob([recoveryCodesText(location.host, codes)], { type: 'text/plain' }), 'recovery-codes.txt')
          }
        >
          Download codes
        </button>
      </div>
      {copied && (
        <p role="status" className="m-0 text-sm">
          {copied === 'yes'
            ? 'The codes were copied.'
            : 'The codes could not be copied; select them or download them instead.'}
        </p>
      )}
    </div>
  );
}

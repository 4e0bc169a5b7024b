/**
 * What a file is: its address (read-only, with Copy; a document's with a Download link too), type, size,
 * dimensions, version, who uploaded it and when.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { apiAsset, publicApiBase } from '../../../lib/api/base.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { MediaItem } from '../../../shared/media-library.ts';
import { MEDIA_URL_PREFIX } from '../../../shared/media-url.ts';
import { formatBytes } from '../backup/format-bytes.ts';
import MediaIcon from './MediaIcon.tsx';
import { dimensionsText, typeText, usesText } from './media-screen.ts';

/**
 * The address as a visitor's browser fetches it: a stored file on the media host when there is one; a document's
 * download is an API path (apiAsset leaves it as it is), so it goes to the API's origin, which may be another one.
 */
function fullAddress(address: string): string {
  const path = address.startsWith(MEDIA_URL_PREFIX)
    ? apiAsset(address)
    : `${publicApiBase().replace(/\/+$/, '')}${address}`;
  return new URL(path, window.location.href).href;
}

function AddressField({ address, download }: { address: string; download: boolean }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const url = fullAddress(address);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(''), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Address copied.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address is selected for the keyboard instead.
      field.current?.select();
      setCopied('Press Ctrl+C (⌘C on a Mac) to copy the selected address.');
    }
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Address
      </label>
      <div className="mt-1 flex min-w-0 gap-2">
        <input
          ref={field}
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-gray-300 px-3 text-sm font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
        >
          <MediaIcon name="copy" className="h-4 w-4" />
          Copy
        </button>
        {download && (
          // A new tab, so an answer other than the file (an unpublished document's download is a 404) keeps the screen.
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-900 no-underline hover:bg-gray-100 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10"
          >
            <MediaIcon name="download" className="h-4 w-4" />
            Download
          </a>
        )}
      </div>
      <p role="status" className="m-0 mt-1 min-h-4 text-xs text-emerald-700 dark:text-emerald-300">
        {copied}
      </p>
    </div>
  );
}

export default function MediaFacts({ item }: { item: MediaItem }) {
  // A document has no version here (the Documents tab replaces it), and its one use is the document itself.
  const isDocument = item.kind === 'document';
  const rows: [string, string][] = [
    ['Type', typeText(item)],
    ['Size', formatBytes(item.bytes)],
    ...(dimensionsText(item) ? [['Dimensions', `${dimensionsText(item)} px`] as [string, string]] : []),
    ...(isDocument
      ? []
      : [['Version', item.version === 1 ? '1 (the first upload)' : String(item.version)] as [string, string]]),
    [
      isDocument ? 'Added' : 'Uploaded',
      `${formatDateTime(item.createdAt)}${item.uploadedBy ? ` by ${item.uploadedBy}` : ''}`,
    ],
    ...(item.updatedAt ? [['Changed', formatDateTime(item.updatedAt)] as [string, string]] : []),
    ...(isDocument ? [] : [['Uses', usesText(item.useCount)] as [string, string]]),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <AddressField address={item.address} download={isDocument} />
      <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-600 dark:text-gray-400">{term}</dt>
            <dd className="m-0 min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

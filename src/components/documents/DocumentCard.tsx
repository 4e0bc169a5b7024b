/**
 * One document as the Documents page lists it: title, description, type and size, and its download. Rendered to
 * static HTML at build (no script) and by the preview of its draft, where `inertDownload` shows the button doing
 * nothing, with the reason (a preview downloads nothing, and counts no download).
 */
import { documentHref } from '../../lib/api/documents.ts';
import { documentTypeLabel, formatFileSize, type PublicDocument } from '../../shared/documents.ts';

interface Props {
  document: PublicDocument;
  inertDownload?: string | undefined;
}

const BUTTON = 'brand-button shrink-0 px-5 py-2 text-center font-semibold';

export default function DocumentCard({ document: doc, inertDownload }: Props) {
  const type = documentTypeLabel(doc.content_type);
  const size = formatFileSize(doc.bytes);
  const label = `Download ${doc.title} (${type}, ${size})`;
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-gray-200 p-5 sm:flex-row sm:items-center dark:border-white/10"
      data-document={doc.title}
    >
      <div className="min-w-0 flex-1">
        <h2 className="m-0 break-words text-lg font-semibold">{doc.title}</h2>
        {doc.description && (
          <p className="mt-1 mb-0 whitespace-pre-line break-words text-gray-600 dark:text-gray-300">
            {doc.description}
          </p>
        )}
        <p className="mt-2 mb-0 text-sm text-gray-500 dark:text-gray-400">
          <span>{type}</span>
          <span aria-hidden="true"> · </span>
          <span>{size}</span>
        </p>
      </div>
      {inertDownload === undefined ? (
        <a
          href={documentHref(doc.url)}
          download={doc.download_name}
          rel="nofollow"
          className={BUTTON}
          aria-label={label}
        >
          Download
        </a>
      ) : (
        <span className="flex shrink-0 flex-col gap-1">
          <button type="button" disabled className={`${BUTTON} disabled:cursor-not-allowed`} aria-label={label}>
            Download
          </button>
          <span className="text-xs text-gray-600 dark:text-gray-300">{inertDownload}</span>
        </span>
      )}
    </li>
  );
}

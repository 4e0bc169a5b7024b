/**
 * A document as the preview page (/preview) shows it: its entry as the Documents page lists it, under the page's
 * heading. The download is not the preview's: an unpublished document's file is served to no one yet.
 */
import { DOCUMENTS_INTRO, type PublicDocument } from '../../shared/documents.ts';
import DocumentCard from './DocumentCard.tsx';

export default function DocumentsPreview({ document }: { document: PublicDocument }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <header className="mb-8">
        <h1 className="m-0 text-3xl font-bold sm:text-4xl">Documents</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-300">{DOCUMENTS_INTRO}</p>
      </header>
      <ul className="m-0 list-none space-y-4 p-0" data-documents>
        <DocumentCard document={document} inertDownload="Downloading works on the published page." />
      </ul>
    </div>
  );
}

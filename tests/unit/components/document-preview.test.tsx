/**
 * A document's entry as the Documents page lists it (DocumentCard, rendered there to static HTML) and as the preview
 * of its draft shows it: the same entry under the page's heading, its download doing nothing and saying why.
 */
import { render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DocumentCard from '../../../src/components/documents/DocumentCard.tsx';
import DocumentsPreview from '../../../src/components/documents/DocumentsPreview.tsx';
import { DOCUMENTS_INTRO, type PublicDocument } from '../../../src/shared/documents.ts';

const DOC: PublicDocument = {
  id: 'd1',
  title: 'Price list 2027',
  description: 'Every price of the year.\nTaxes included.',
  download_name: 'Price list.pdf',
  content_type: 'application/pdf',
  bytes: 1536,
  created_at: '2026-11-01T10:00:00.000Z',
  url: '/api/documents/d1/download',
};

describe('DocumentCard', () => {
  it('lists a document with its type, size and a download of its file, and no script', () => {
    const html = renderToStaticMarkup(
      <ul>
        <DocumentCard document={DOC} />
      </ul>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const item = within(page).getByRole('listitem');
    expect(item.getAttribute('data-document')).toBe('Price list 2027');
    expect(within(item).getByRole('heading', { level: 2, name: 'Price list 2027' })).toBeTruthy();
    expect(item.textContent).toContain('Every price of the year.\nTaxes included.');
    expect(item.textContent).toContain('PDF · 2 KB');
    const download = within(item).getByRole('link', { name: 'Download Price list 2027 (PDF, 2 KB)' });
    expect(download.getAttribute('href')).toBe('/api/documents/d1/download');
    expect(download.getAttribute('download')).toBe('Price list.pdf');
    expect(download.getAttribute('rel')).toBe('nofollow');
    expect(html).not.toContain('<script');
  });
});

describe('DocumentsPreview', () => {
  it('shows the entry under the Documents heading, its download doing nothing and saying why', () => {
    render(<DocumentsPreview document={DOC} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(screen.getByText(DOCUMENTS_INTRO)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Price list 2027' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    const download = screen.getByRole<HTMLButtonElement>('button', { name: 'Download Price list 2027 (PDF, 2 KB)' });
    expect(download.disabled).toBe(true);
    expect(screen.getByText('Downloading works on the published page.')).toBeTruthy();
  });
});

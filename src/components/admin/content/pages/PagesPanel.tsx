/**
 * The Pages tab (issue 17 item 2): simple pages such as privacy or terms, drafts included, as cards with Edit,
 * Publish/Unpublish and Delete; a published page appears at /pages/{slug}/ (and in the footer) after the rebuild.
 */
import { useCallback, useState } from 'react';
import { deletePage, fetchAdminPages, setPagePublished } from '../../../../lib/api/admin/pages.ts';
import { pagePath, type AdminPage } from '../../../../shared/pages.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import PageFormDialog from './PageFormDialog.tsx';

type PageCard = ContentCardItem & { page: AdminPage };

// Pages have no picture: the card shows the spec's 'No image available'; the caption line names the address.
const toCard = (page: AdminPage): PageCard => ({
  id: page._id, title: page.title, caption: `${pagePath(page.slug)}${page.in_footer ? ' · in the footer' : ''}`, image: null, createdAt: page.createdAt, published: page.published, page,
});

export default function PagesPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminPages()).map(toCard), []);
  const { remote, reload } = useRemote<PageCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminPage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPage | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="m-0 text-xl font-semibold">Pages</h2>
        <button type="button" onClick={() => setEditing('new')} className="brand-button px-4 py-2 font-semibold">
          New page
        </button>
      </div>
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Pages"
        actions={({ page }) => [
          { label: 'Edit', onClick: () => setEditing(page), disabled: busyId !== null },
          {
            label: page.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(page._id, () => setPagePublished(page._id, !page.published), 'The page could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(page), disabled: busyId !== null },
        ]}
      />
      <PageFormDialog
        page={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        }}
      />
      <DeleteContentDialog
        name={deleting ? deleting.title : null}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting._id, () => deletePage(deleting._id), 'The page could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}

/**
 * The Pages tab: simple pages such as privacy or terms, drafts included, as cards with Edit,
 * Publish/Unpublish and Delete; a published page appears at /pages/{slug}/ (and in the footer) after the rebuild.
 * A published page with changes kept as a draft says so beside its badge.
 */
import { deletePage, fetchAdminPages, setPagePublished } from '../../../../lib/api/admin/pages.ts';
import { pagePath, type AdminPage } from '../../../../shared/pages.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import PageFormDialog from './PageFormDialog.tsx';

// Pages have no picture: the card shows the spec's 'No image available'; the caption line names the address.
const toCard = (page: AdminPage) => ({
  id: page._id,
  title: page.title,
  caption: `${pagePath(page.slug)}${page.in_footer ? ' · in the footer' : ''}`,
  image: null,
  createdAt: page.createdAt,
  published: page.published,
  hasDraft: page.draft !== null,
});

export default function PagesPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Pages"
      noun="page"
      load={fetchAdminPages}
      toCard={toCard}
      setPublished={setPagePublished}
      remove={deletePage}
      toolbar={(openNew) => <PanelToolbar heading="Pages" addLabel="New page" onAdd={openNew} />}
      form={({ target, onClose, onSaved }) => <PageFormDialog page={target} onClose={onClose} onSaved={onSaved} />}
    />
  );
}

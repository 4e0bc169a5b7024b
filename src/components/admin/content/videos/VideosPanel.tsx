/** The Videos tab (issue 17 item 2): every video (drafts included) with New video, Edit, Publish/Unpublish and Delete. */
import { useCallback, useState } from 'react';
import { deleteVideo, fetchAdminVideos, setVideoPublished } from '../../../../lib/api/admin/content.ts';
import { youtubeThumbnail, type AdminVideo } from '../../../../shared/schemas/video-admin.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import VideoFormDialog from './VideoFormDialog.tsx';

type VideoCard = ContentCardItem & { video: AdminVideo };

// The card shows YouTube's poster of the video (the CSP's img-src allows i.ytimg.com).
const toCard = (video: AdminVideo): VideoCard => ({
  id: video._id, title: video.name || video.title, caption: video.description, image: youtubeThumbnail(video.youtube),
  createdAt: video.createdAt, published: video.published, video,
});

export default function VideosPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminVideos()).map(toCard), []);
  const { remote, reload } = useRemote<VideoCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminVideo | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PanelToolbar addLabel="New video" onAdd={() => setEditing('new')} />
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Videos"
        actions={({ video }) => [
          { label: 'Edit', onClick: () => setEditing(video), disabled: busyId !== null },
          {
            label: video.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(video._id, () => setVideoPublished(video._id, !video.published), 'The video could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(video), disabled: busyId !== null },
        ]}
      />
      <VideoFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ tone: 'ok', text: message });
          void reload(true);
        }}
      />
      <DeleteContentDialog
        name={deleting ? deleting.name : null}
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting._id, () => deleteVideo(deleting._id), 'The video could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}

/**
 * The Videos tab: every video (drafts included) with New video, Edit, Publish/Unpublish and Delete. A published video
 * with changes kept as a draft says so beside its badge.
 */
import { deleteVideo, fetchAdminVideos, setVideoPublished } from '../../../../lib/api/admin/content.ts';
import { youtubeThumbnail, type AdminVideo } from '../../../../shared/schemas/video-admin.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import VideoFormDialog from './VideoFormDialog.tsx';

// The card shows YouTube's poster of the video (the CSP's img-src allows i.ytimg.com).
const toCard = (video: AdminVideo) => ({
  id: video._id,
  title: video.name || video.title,
  caption: video.description,
  image: youtubeThumbnail(video.youtube),
  createdAt: video.createdAt,
  published: video.published,
  hasDraft: video.draft !== null,
});

export default function VideosPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Videos"
      noun="video"
      load={fetchAdminVideos}
      toCard={toCard}
      setPublished={setVideoPublished}
      remove={deleteVideo}
      toolbar={(openNew) => <PanelToolbar addLabel="New video" onAdd={openNew} />}
      form={(slot) => <VideoFormDialog {...slot} />}
    />
  );
}

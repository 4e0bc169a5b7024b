/** The Audio tab (issue 17 item 2): every audio item (drafts included) with a player, New audio, Edit, Publish/Unpublish and Delete. */
import { useCallback, useState } from 'react';
import { deleteAudio, fetchAdminAudios, setAudioPublished } from '../../../../lib/api/admin/content.ts';
import { apiAsset } from '../../../../lib/api/base.ts';
import { formatDuration } from '../../../../lib/format/dates.ts';
import type { AdminAudio } from '../../../../shared/schemas/audio-admin.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentCards, { type ContentCardItem } from '../ui/ContentCards.tsx';
import ContentNotice from '../ui/ContentNotice.tsx';
import DeleteContentDialog from '../ui/DeleteContentDialog.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import { useContentWrites } from '../ui/use-content-writes.ts';
import AudioFormDialog from './AudioFormDialog.tsx';

type AudioCard = ContentCardItem & { audio: AdminAudio };

// Audio has no picture: the card reads 'No image available', as the spec has it for any item without one.
const toCard = (audio: AdminAudio): AudioCard => ({
  id: audio._id, title: audio.name || audio.title, caption: [audio.artist, audio.description].filter(Boolean).join(' · '), image: null,
  createdAt: audio.createdAt, published: audio.published, audio,
});

export default function AudioPanel({ query, view }: ContentPanelProps) {
  const load = useCallback(async () => (await fetchAdminAudios()).map(toCard), []);
  const { remote, reload } = useRemote<AudioCard[]>(load, 'Error fetching content');
  const { notice, setNotice, busyId, run } = useContentWrites(reload);
  const [editing, setEditing] = useState<AdminAudio | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAudio | null>(null);
  const items = remote.state === 'ready' ? remote.data.map((card) => card.audio) : [];

  return (
    <div className="flex flex-col gap-4">
      <PanelToolbar addLabel="New audio" onAdd={() => setEditing('new')} />
      <ContentNotice notice={notice} />
      <ContentCards
        remote={remote}
        onRetry={() => void reload()}
        view={view}
        query={query}
        label="Audio"
        details={({ audio }) => (
          <div className="mt-1 flex flex-col gap-1">
            <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
              {[audio.type, audio.category, formatDuration(audio.duration)].filter(Boolean).join(' · ')}
            </p>
            {audio.audio_file && <audio className="w-full" controls preload="none" src={apiAsset(audio.audio_file)} aria-label={`Play ${audio.name}`} />}
          </div>
        )}
        actions={({ audio }) => [
          { label: 'Edit', onClick: () => setEditing(audio), disabled: busyId !== null },
          {
            label: audio.published ? 'Unpublish' : 'Publish',
            disabled: busyId !== null,
            onClick: () => void run(audio._id, () => setAudioPublished(audio._id, !audio.published), 'The audio could not be changed.'),
          },
          { label: 'Delete', tone: 'danger', onClick: () => setDeleting(audio), disabled: busyId !== null },
        ]}
      />
      <AudioFormDialog
        target={editing}
        items={items}
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
        onConfirm={() => deleting && void run(deleting._id, () => deleteAudio(deleting._id), 'The audio could not be deleted.').then(() => setDeleting(null))}
      />
    </div>
  );
}

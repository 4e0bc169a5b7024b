/**
 * The Audio tab: every audio item (drafts included) with its cover and a player, New audio, Edit, Publish/Unpublish
 * and Delete. A published item with changes kept as a draft says so beside its badge.
 */
import { deleteAudio, fetchAdminAudios, setAudioPublished } from '../../../../lib/api/admin/content.ts';
import { apiAsset } from '../../../../lib/api/base.ts';
import { formatDuration } from '../../../../lib/format/dates.ts';
import type { AdminAudio } from '../../../../shared/schemas/audio-admin.ts';
import type { ContentPanelProps } from '../content-tabs.ts';
import ContentPanel from '../ui/ContentPanel.tsx';
import PanelToolbar from '../ui/PanelToolbar.tsx';
import AudioFormDialog from './AudioFormDialog.tsx';

// An item without a cover reads 'No image available', as the spec has it for any item without one.
const toCard = (audio: AdminAudio) => ({
  id: audio._id,
  title: audio.name || audio.title,
  caption: [audio.artist, audio.description].filter(Boolean).join(' · '),
  image: audio.cover || null,
  createdAt: audio.createdAt,
  published: audio.published,
  hasDraft: audio.draft !== null,
});

const details = (audio: AdminAudio) => (
  <div className="mt-1 flex flex-col gap-1">
    <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
      {[audio.type, audio.category, formatDuration(audio.duration)].filter(Boolean).join(' · ')}
    </p>
    {audio.audio_file && (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded audio file comes with no caption file for a <track> to name
      <audio
        className="w-full"
        controls
        preload="none"
        src={apiAsset(audio.audio_file)}
        aria-label={`Play ${audio.name}`}
      />
    )}
  </div>
);

export default function AudioPanel(props: ContentPanelProps) {
  return (
    <ContentPanel
      {...props}
      label="Audio"
      noun="audio"
      load={fetchAdminAudios}
      toCard={toCard}
      setPublished={setAudioPublished}
      remove={deleteAudio}
      details={details}
      toolbar={(openNew) => <PanelToolbar addLabel="New audio" onAdd={openNew} />}
      form={(slot) => <AudioFormDialog {...slot} />}
    />
  );
}

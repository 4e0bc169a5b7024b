/**
 * An audio item in the preview of its draft: its page body (AudioArticle) with the site's player, which plays the
 * item's file but counts no play, and nothing marked for the page's scripts, so no download is counted either.
 */
import { apiAsset } from '../../lib/api/base.ts';
import type { Audio } from '../../shared/types.ts';
import AudioArticle from './AudioArticle.tsx';
import AudioPlayer from './AudioPlayer.tsx';

export default function AudioPreview({ audio }: { audio: Audio }) {
  const player = (
    <AudioPlayer
      id={audio._id}
      name={audio.name}
      src={audio.audio_file ? apiAsset(audio.audio_file) : ''}
      duration={audio.duration}
      countsPlays={false}
    />
  );
  return <AudioArticle audio={audio} player={player} counted={false} />;
}

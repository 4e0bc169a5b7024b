/**
 * An audio item as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/audios/:id (the guard's `content` part: whoever may change an audio item may keep a draft of it and
 * publish it). A draft holds the fields and the cover; the audio file is replaced at once (audios.admin.ts).
 */
import { omit } from '../../../shared/omit.ts';
import { checkAudio, type AdminAudio, type AudioDraftFields } from '../../../shared/schemas/audio-admin.ts';
import type { Audio } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { passed } from '../../http/valid-input.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findAudioRow } from './content.admin.repository.ts';
import { audioFromRow, bool } from './content.mappers.ts';
import { audioLabel, findAdminAudio, foundAudio, writeAudioChanges } from './audios.admin.ts';
import { audioVersioned, type AudioRow } from './audio-versions.ts';

/** Sent changes checked as the item's PUT checks them (every field), its type one of the company's. */
const checkedChanges = (db: Db, input: Record<string, unknown>) =>
  withKnownCategory(db, 'audio', passed(checkAudio(input)), 'type');

export const audioDraftable: Draftable<AudioRow, AudioDraftFields> = {
  ...audioVersioned,
  label: (fields) => audioLabel(fields.name),
  upload: { purpose: 'audio', removable: true },
  find: findAudioRow,
  visible: (_actor, row) => foundAudio(row),
  changeable: (_actor, row) => foundAudio(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => omit(await checkedChanges(ctx.db, input), 'published'),
  publish: async (ctx, id, fields, picture, also) => {
    const values = await checkedChanges(ctx.db, { ...omit(fields, 'cover'), published: true });
    const { publicChange } = await writeAudioChanges(
      ctx,
      id,
      values,
      { cover: picture },
      { what: 'published from its draft', action: 'publish', also },
    );
    return { publicChange };
  },
};

export const audioDrafts: DraftRoutes<AudioRow, AudioDraftFields, AdminAudio> = {
  draftable: audioDraftable,
  path: '/admin/audios/:id',
  site: 'audio',
  item: (db, _actor, id) => findAdminAudio(db, id),
};

/**
 * The item as its page will show it: the draft applied when it has one (a preview link's view). Its reviews are the
 * published page's, not the preview's.
 */
export async function audioPreview(
  db: Db,
  id: string,
): Promise<{ item: Audio; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, audioDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item = audioFromRow({ ...row, ...fields, tags: JSON.stringify(fields.tags) }, []);
  return { item, draft, published: bool(row.published) };
}

/**
 * Videos of Content Management: the admin list (drafts included), create, edit, publish and delete.
 * The youtube field is stored as its youtube-nocookie embed address (VideoFields normalises it). A video's poster is a
 * stored picture the form does not send: an edit keeps it, publishing a draft puts the draft's in place (a restored
 * version's), and it leaves the media store with the video once nothing else names it.
 */
import { randomUUID } from 'node:crypto';
import type { DraftInfo } from '../../../shared/drafts.ts';
import type { AdminVideo, VideoValues } from '../../../shared/schemas/video-admin.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import {
  deleteVideoRow,
  findVideoRow,
  insertVideoRow,
  listVideoRows,
  updateVideoRow,
} from './content.admin.repository.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { bool, videoFromRow } from './content.mappers.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import { videoVersioned, type VideoRow } from './video-versions.ts';

const NOT_FOUND = 'Video';

/** The video in the audit's words: `Video "Harbour at dawn"`. */
export const videoLabel = (name: string) => `Video "${name}"`;

const adminVideo = (row: VideoRow, draft: DraftInfo | null = null): AdminVideo => ({
  ...videoFromRow(row),
  published: bool(row.published),
  draft,
});

/** The row when there is one; else the video's 404. */
export function foundVideo<T>(row: T | undefined): T {
  if (!row) throw missing(NOT_FOUND);
  return row;
}

/** The row as the admin reads it, with its draft's who and when (read in the same scope). */
async function withDraft(db: Db, row: VideoRow): Promise<AdminVideo> {
  const draft = await findDraftRow(db, 'video', row.id);
  return adminVideo(row, draft ? draftInfo(draft) : null);
}

/** What a write answers, and whether the public site shows a change (the video was or is published). */
export interface VideoWrite {
  video: AdminVideo;
  publicChange: boolean;
}

/** GET /api/admin/videos: every video, drafts included, newest first, each with its draft's who and when. */
export async function adminVideos(db: Db): Promise<AdminVideo[]> {
  const [rows, drafts] = await Promise.all([listVideoRows(db), draftInfos(db, 'video')]);
  return rows.map((row) => adminVideo(row, drafts.get(row.id) ?? null));
}

/** The video as the admin reads it, its draft included; 404 for none. */
export async function findAdminVideo(db: Db, id: string): Promise<AdminVideo> {
  return withDraft(db, foundVideo(await findVideoRow(db, id)));
}

const columns = ({ tags, ...rest }: VideoValues) => ({ ...rest, tags: JSON.stringify(tags) });

/** POST /api/admin/videos. */
export async function createVideo(ctx: ContentWriteContext, sent: VideoValues): Promise<VideoWrite> {
  const values = await withKnownCategory(ctx.db, 'video', sent);
  const id = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await insertVideoRow(trx, { id, ...columns(values), created_at: now, updated_at: now });
    const created = readBack(await findVideoRow(trx, id), `video ${id}`);
    await keepItemVersion(trx, videoVersioned, ctx.actor, id, 'create', created);
    const summary = `${videoLabel(values.name)} created${values.published ? '' : ' as a draft'}`;
    await recordAudit(trx, ctx.actor, { action: 'video.create', target: { type: 'video', id }, summary });
    return { video: adminVideo(created), publicChange: values.published };
  });
}

/** PUT (every field) or PATCH (publish state only) of /api/admin/videos/:id. */
export async function updateVideo(
  ctx: ContentWriteContext,
  id: string,
  sent: VideoValues | { published: boolean },
): Promise<VideoWrite> {
  if (!('name' in sent)) return setVideoPublished(ctx, id, sent.published);
  const values = await withKnownCategory(ctx.db, 'video', sent);
  return writeVideoChanges(ctx, id, values, undefined, { what: 'edited', action: 'update' });
}

/**
 * Writes checked values to a video (a PUT, or a draft being published) and keeps the version it made. `poster`:
 * undefined keeps the video's, a URL puts it in place, '' takes it away; the one replaced leaves the media store once
 * nothing names it, and versions beyond the limit are pruned.
 */
export async function writeVideoChanges(
  ctx: ContentWriteContext,
  id: string,
  values: VideoValues,
  poster: string | undefined,
  { what, action, also }: ItemWriteNote,
): Promise<VideoWrite> {
  const { written } = await writeNamingFile(
    ctx,
    poster === '' ? undefined : poster,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = foundVideo(await findVideoRow(trx, id));
        await updateVideoRow(trx, id, {
          ...columns(values),
          ...(poster === undefined ? {} : { poster }),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, poster);
        const replaced = poster !== undefined && before.poster !== poster ? before.poster : undefined;
        await unclaimMedia(trx, replaced);
        await also?.(trx);
        const row = readBack(await findVideoRow(trx, id), `video ${id}`);
        await keepItemVersion(trx, videoVersioned, ctx.actor, id, action, row, before);
        const was = bool(before.published);
        const is = bool(row.published);
        // A PUT that changes the state says so; publishing a draft says where it came from.
        const done = was === is || action === 'publish' ? what : is ? 'published' : 'unpublished';
        await recordAudit(trx, ctx.actor, {
          action: 'video.update',
          target: { type: 'video', id },
          summary: `${videoLabel(row.name)} ${done}`,
        });
        return { written: { video: await withDraft(trx, row), publicChange: was || is }, replaced };
      }),
    (result) => result.replaced,
  );
  await pruneRevisions(ctx, 'video', id);
  return written;
}

/** PATCH /api/admin/videos/:id: publishes the video or takes it back to a draft (no version: the state is not one). */
async function setVideoPublished(ctx: ContentWriteContext, id: string, published: boolean): Promise<VideoWrite> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = foundVideo(await findVideoRow(trx, id));
    await updateVideoRow(trx, id, { published, updated_at: new Date().toISOString() });
    const row = readBack(await findVideoRow(trx, id), `video ${id}`);
    const was = bool(before.published);
    const summary = `${videoLabel(row.name)} ${was === published ? 'edited' : published ? 'published' : 'unpublished'}`;
    await recordAudit(trx, ctx.actor, { action: 'video.update', target: { type: 'video', id }, summary });
    return { video: await withDraft(trx, row), publicChange: was || published };
  });
}

/** DELETE /api/admin/videos/:id: its draft and versions go with it; their posters and its own, once nothing names them. */
export async function deleteVideo(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const { publicChange, dropped } = await ctx.db.transaction().execute(async (trx) => {
    const row = await deleteVideoRow(trx, id);
    if (!row) throw missing(NOT_FOUND);
    const draft = await deleteDraftRow(trx, 'video', id);
    await unclaimMedia(trx, row.poster, draft?.picture);
    const versionPosters = await dropItemRevisions(trx, 'video', id);
    await recordAudit(trx, ctx.actor, {
      action: 'video.delete',
      target: { type: 'video', id },
      summary: `${videoLabel(row.name)} deleted`,
    });
    return { publicChange: bool(row.published), dropped: [row.poster, draft?.picture, ...versionPosters] };
  });
  await releaseEachIfUnused(ctx, dropped);
  return { publicChange };
}

/**
 * Videos of Content Management: the admin list (drafts included), create, edit, publish and delete.
 * The youtube field is stored as its youtube-nocookie embed address (VideoFields normalises it).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AdminVideo, VideoValues } from '../../../shared/schemas/video-admin.ts';
import type { Db } from '../../db/connection.ts';
import type { VideosTable } from '../../db/schema.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
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

const NOT_FOUND = 'Video';

const adminVideo = (row: Selectable<VideosTable>): AdminVideo => ({
  ...videoFromRow(row),
  published: bool(row.published),
});

/** What a write answers, and whether the public site shows a change (the video was or is published). */
export interface VideoWrite {
  video: AdminVideo;
  publicChange: boolean;
}

/** GET /api/admin/videos: every video, drafts included, newest first. */
export async function adminVideos(db: Db): Promise<AdminVideo[]> {
  return (await listVideoRows(db)).map(adminVideo);
}

const columns = ({ tags, ...rest }: VideoValues) => ({ ...rest, tags: JSON.stringify(tags) });

/** POST /api/admin/videos. */
export async function createVideo(ctx: ContentWriteContext, sent: VideoValues): Promise<VideoWrite> {
  const values = await withKnownCategory(ctx.db, 'video', sent);
  const id = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await insertVideoRow(trx, { id, ...columns(values), created_at: now, updated_at: now });
    const summary = `Video "${values.name}" created${values.published ? '' : ' as a draft'}`;
    await recordAudit(trx, ctx.actor, { action: 'video.create', target: { type: 'video', id }, summary });
    return { video: adminVideo(readBack(await findVideoRow(trx, id), `video ${id}`)), publicChange: values.published };
  });
}

/** PUT (every field) or PATCH (publish state only) of /api/admin/videos/:id. */
export async function updateVideo(
  ctx: ContentWriteContext,
  id: string,
  sent: VideoValues | { published: boolean },
): Promise<VideoWrite> {
  const values = await withKnownCategory(ctx.db, 'video', sent);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findVideoRow(trx, id);
    if (!before) throw missing(NOT_FOUND);
    const changes = 'name' in values ? columns(values) : values;
    await updateVideoRow(trx, id, { ...changes, updated_at: new Date().toISOString() });
    const row = readBack(await findVideoRow(trx, id), `video ${id}`);
    const was = bool(before.published);
    const is = bool(row.published);
    const summary =
      was === is ? `Video "${row.name}" edited` : `Video "${row.name}" ${is ? 'published' : 'unpublished'}`;
    await recordAudit(trx, ctx.actor, { action: 'video.update', target: { type: 'video', id }, summary });
    return { video: adminVideo(row), publicChange: was || is };
  });
}

/** DELETE /api/admin/videos/:id (a video has no stored file: the link is YouTube's). */
export async function deleteVideo(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await deleteVideoRow(trx, id);
    if (!row) throw missing(NOT_FOUND);
    await recordAudit(trx, ctx.actor, {
      action: 'video.delete',
      target: { type: 'video', id },
      summary: `Video "${row.name}" deleted`,
    });
    return { publicChange: bool(row.published) };
  });
}

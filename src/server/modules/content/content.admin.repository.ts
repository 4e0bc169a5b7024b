/**
 * Reads and writes of the videos, events, audio and photos tables for Content Management, drafts included. A
 * transaction stands in for the Db wherever a write and its audit entry commit together.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AudiosTable, EventsTable, PhotosTable, VideosTable } from '../../db/schema.ts';

/** Every video, newest first. */
export const listVideoRows = (db: Db) =>
  db.selectFrom('videos').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
export const findVideoRow = (db: Db, id: string) =>
  db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
export async function insertVideoRow(db: Db, row: Insertable<VideosTable>): Promise<void> {
  await db.insertInto('videos').values(row).execute();
}
export async function updateVideoRow(db: Db, id: string, changes: Updateable<VideosTable>): Promise<void> {
  await db.updateTable('videos').set(changes).where('id', '=', id).execute();
}
/** The deleted row, or undefined when there was none. */
export async function deleteVideoRow(db: Db, id: string) {
  const row = await findVideoRow(db, id);
  if (row) await db.deleteFrom('videos').where('id', '=', id).execute();
  return row;
}

/** Every event, soonest first. */
export const listEventRows = (db: Db) =>
  db.selectFrom('events').selectAll().orderBy('start_date', 'asc').orderBy('id').execute();
export const findEventRow = (db: Db, id: string) =>
  db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
export async function insertEventRow(db: Db, row: Insertable<EventsTable>): Promise<void> {
  await db.insertInto('events').values(row).execute();
}
export async function updateEventRow(db: Db, id: string, changes: Updateable<EventsTable>): Promise<void> {
  await db.updateTable('events').set(changes).where('id', '=', id).execute();
}
/** The deleted row, or undefined when there was none. */
export async function deleteEventRow(db: Db, id: string) {
  const row = await findEventRow(db, id);
  if (row) await db.deleteFrom('events').where('id', '=', id).execute();
  return row;
}

/** Every audio item, newest first. */
export const listAudioRows = (db: Db) =>
  db.selectFrom('audios').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
export const findAudioRow = (db: Db, id: string) =>
  db.selectFrom('audios').selectAll().where('id', '=', id).executeTakeFirst();
/** The reviews of the given items, oldest first. */
export const listReviewRowsOf = async (db: Db, audioIds: string[]) =>
  audioIds.length === 0
    ? []
    : db
        .selectFrom('audio_reviews')
        .selectAll()
        .where('audio_id', 'in', audioIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
export async function insertAudioRow(db: Db, row: Insertable<AudiosTable>): Promise<void> {
  await db.insertInto('audios').values(row).execute();
}
export async function updateAudioRow(db: Db, id: string, changes: Updateable<AudiosTable>): Promise<void> {
  await db.updateTable('audios').set(changes).where('id', '=', id).execute();
}
/** The deleted row (its reviews cascade), or undefined when there was none. */
export async function deleteAudioRow(db: Db, id: string) {
  const row = await findAudioRow(db, id);
  if (row) await db.deleteFrom('audios').where('id', '=', id).execute();
  return row;
}

export const findPhotoRow = (db: Db, id: string) =>
  db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
export async function insertPhotoRow(db: Db, row: Insertable<PhotosTable>): Promise<void> {
  await db.insertInto('photos').values(row).execute();
}
export async function updatePhotoRow(db: Db, id: string, changes: Updateable<PhotosTable>): Promise<void> {
  await db.updateTable('photos').set(changes).where('id', '=', id).execute();
}
/** The deleted row, or undefined when there was none. */
export async function deletePhotoRow(db: Db, id: string) {
  const row = await findPhotoRow(db, id);
  if (row) await db.deleteFrom('photos').where('id', '=', id).execute();
  return row;
}

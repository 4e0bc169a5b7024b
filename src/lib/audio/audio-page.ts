/** An audio item's own page, built for each published item: its path and its cover's sizes. */

export const audioPath = (id: string) => `/audio/${encodeURIComponent(id)}`;

/** The cover: at most 15rem wide on phones, 12rem beside the name from sm up. */
export const AUDIO_COVER_SIZES = '(min-width: 640px) 192px, 240px';

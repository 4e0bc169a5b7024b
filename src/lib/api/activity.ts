/**
 * Telling the API what a visitor did (a view, a play, a download); never in the way of the page. Reading counts and
 * liking live in likes.ts, so a page that only counts (the audio list) does not carry them.
 */
import type { ActivityKind, ActivityType } from '../../shared/activity.ts';
import { api } from './client.ts';

/** POST /api/activity; a failure is dropped: a count is never worth an error on the visitor's screen. */
export async function countActivity(kind: ActivityKind, type: ActivityType, id: string): Promise<void> {
  try {
    await api('/api/activity', { method: 'POST', body: { kind, type, id } });
  } catch {
    // Offline or refused: this one is not counted.
  }
}

/**
 * The version history calls, one function per endpoint. Each takes the item's admin API path
 * (`/api/admin/blogs/${encodeURIComponent(id)}`), so every kind of item shares them.
 */
import type { RevisionComparison, RevisionHistory, RevisionSettings } from '../../../shared/revisions.ts';
import { api } from '../client.ts';

const revisionsPath = (itemPath: string) => `${itemPath}/revisions`;

/** GET {itemPath}/revisions: the versions kept, newest first, and how many are kept. */
export const fetchRevisions = (itemPath: string) => api<RevisionHistory>(revisionsPath(itemPath));

/** GET {itemPath}/revisions/compare?from=&to=: two versions field by field, the older first whatever the order asked. */
export const compareRevisions = (itemPath: string, from: string, to: string) =>
  api<RevisionComparison>(`${revisionsPath(itemPath)}/compare`, { query: { from, to } });

/** What a restore answers: the item's draft as the version made it (its shape is the item kind's). */
export interface RevisionRestored<TDraft = unknown> {
  message: string;
  draft: TDraft;
}

/** POST {itemPath}/revisions/{revisionId}/restore: the version becomes the item's draft; the live item is unchanged. */
export const restoreRevision = <TDraft = unknown>(itemPath: string, revisionId: string) =>
  api<RevisionRestored<TDraft>>(`${revisionsPath(itemPath)}/${encodeURIComponent(revisionId)}/restore`, {
    method: 'POST',
  });

const SETTINGS_PATH = '/api/admin/revision-settings';

/** GET /api/admin/revision-settings: how many versions of each item are kept. */
export const fetchRevisionSettings = () => api<RevisionSettings>(SETTINGS_PATH);

/** PUT /api/admin/revision-settings (the admin's alone): a new number of versions kept per item. */
export const updateRevisionSettings = (settings: RevisionSettings) =>
  api<{ message: string; settings: RevisionSettings }>(SETTINGS_PATH, { method: 'PUT', body: settings });

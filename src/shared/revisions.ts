/**
 * Revisions: every save of an item keeps a version of its fields (who, when, what changed), so any two can be
 * compared and any one restored as a new draft. The oldest are pruned beyond the company's limit, never the version
 * the item holds now. The texts, limits and answers the server and the admin screens share.
 */

/** How many versions of each item are kept unless the company sets another number. */
export const REVISION_LIMIT_DEFAULT = 25;
export const REVISION_LIMIT_MIN = 2;
export const REVISION_LIMIT_MAX = 500;

export const REVISION_NOT_FOUND = 'This version no longer exists.';
export const REVISION_RESTORED =
  'Version restored as a draft. Visitors still see the published version until you publish the draft.';
export const REVISION_SAME = 'Choose two different versions to compare.';
export const revisionLimitSaved = (limit: number) =>
  `Saved. Each item now keeps its last ${limit} versions; the version it holds now is always kept.`;

/** What a save was: the item written (created, saved, published from its draft) or its draft saved or restored. */
export type RevisionAction = 'create' | 'update' | 'publish' | 'draft' | 'restore';

export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  create: 'Created',
  update: 'Saved',
  publish: 'Published from its draft',
  draft: 'Draft saved',
  restore: 'Restored as a draft',
};

/** A kept version, as the history lists it. */
export interface RevisionSummary {
  id: string;
  /** 1 for the first version of the item, counting up. */
  number: number;
  action: RevisionAction;
  savedAt: string;
  savedBy: string;
  /** The labels of the fields that differ from the version before (empty for the first). */
  changed: string[];
  /** The version the item holds now (never pruned). */
  current: boolean;
  /** The version that came from `number` when it was restored. */
  restoredFrom: number | null;
}

/** GET …/revisions: the versions kept, newest first, and how many are kept. */
export interface RevisionHistory {
  revisions: RevisionSummary[];
  limit: number;
}

/** How a field's values are shown side by side. */
export type RevisionFieldKind = 'text' | 'html' | 'list' | 'picture';

/** A stretch of a compared value: kept, or only in one of the two versions. */
export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** One field of two versions side by side; `parts` run through both (removed: only the older, added: only the newer). */
export interface FieldComparison {
  name: string;
  label: string;
  kind: RevisionFieldKind;
  changed: boolean;
  before: string;
  after: string;
  parts: DiffPart[];
}

/** GET …/revisions/compare?from=&to=: two versions, the older first, field by field. */
export interface RevisionComparison {
  older: RevisionSummary;
  newer: RevisionSummary;
  fields: FieldComparison[];
}

/** GET|PUT /api/admin/revision-settings. */
export interface RevisionSettings {
  limit: number;
}

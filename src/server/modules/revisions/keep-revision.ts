/**
 * Keeping versions: each save of an item (or of its draft) records its fields in the save's own transaction, so a
 * version exists exactly when the save does; the oldest are pruned after the commit, beyond the company's limit,
 * never the version the item holds now. A picture only pruned versions named leaves the media store.
 */
import { randomUUID } from 'node:crypto';
import type { DraftType } from '../../../shared/drafts.ts';
import { omit } from '../../../shared/omit.ts';
import type { RevisionAction } from '../../../shared/revisions.ts';
import type { Db } from '../../db/connection.ts';
import { bool } from '../content/content.mappers.ts';
import { releaseEachIfUnused } from '../../media/media-release.ts';
import { unclaimMedia } from '../../media/pending-media.ts';
import { actorName } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { changedLabels, type RevisionField, type VersionFields } from './compare-versions.ts';
import {
  deleteItemRevisionRows,
  deleteRevisionRows,
  itemsOverLimit,
  latestRevisionRow,
  listRevisionRows,
  insertRevisionRow,
  readRevisionLimit,
  type RevisionRow,
} from './revisions.repository.ts';

/** An item's fields at one moment: the picture apart (the media release looks for it). */
export interface Version {
  fields: VersionFields;
  picture: string;
}

/** An item's fields as a draft or a version holds them: text, lists, and its picture's URL under its field. */
export type ItemFields = object;

/** A kind of item whose versions are kept. */
export interface Versioned<Row, F extends ItemFields> {
  type: DraftType;
  fields: readonly RevisionField[];
  /** The name of its picture field in F; none for a kind without a picture. */
  picture?: string & keyof F;
  fieldsOf(row: Row): F;
  /** When the item was last written (its version before history began is dated so). */
  writtenAt(row: Row): string;
}

/** The version of `fields` a revision keeps: the picture apart. */
export const versionOf = <F extends ItemFields>(kind: Pick<Versioned<never, F>, 'picture'>, fields: F): Version => {
  if (!kind.picture) return { fields: Object.fromEntries(Object.entries(fields)), picture: '' };
  const picture: unknown = fields[kind.picture];
  return { fields: omit(fields, kind.picture), picture: typeof picture === 'string' ? picture : '' };
};

/** `fields` with the picture set to `picture` (a kind without a picture keeps them as they are). */
export const withPicture = <F extends ItemFields>(
  kind: Pick<Versioned<never, F>, 'picture'>,
  fields: F,
  picture: string,
): F => (kind.picture ? { ...fields, [kind.picture]: picture } : fields);

export interface RevisionEntry {
  type: DraftType;
  id: string;
  action: RevisionAction;
  /** The kind's fields (their labels name what changed). */
  fields: readonly RevisionField[];
  version: Version;
  actor: AuthUser;
  /** The item as it was before this save, with when it was written: kept first when the item has no version yet. */
  before?: { version: Version; savedAt: string } | undefined;
  /** The number of the version a restore came from. */
  restoredFrom?: number;
}

const ITEM_WRITES: readonly RevisionAction[] = ['create', 'update', 'publish'];

const valuesOf = ({ fields, picture }: Version, spec: readonly RevisionField[]): VersionFields => {
  const pictureField = spec.find((field) => field.kind === 'picture');
  return pictureField ? { ...fields, [pictureField.name]: picture } : fields;
};

/** The values a kept version holds, its picture among them under the kind's picture field. */
export const revisionValues = (row: RevisionRow, spec: readonly RevisionField[]): VersionFields =>
  valuesOf({ fields: JSON.parse(row.fields) as VersionFields, picture: row.picture }, spec);

/**
 * Records the version a save wrote, in the save's transaction. A save that changed nothing since the version before
 * (of the same place, item or draft) keeps no new one.
 */
export async function keepRevision(trx: Db, entry: RevisionEntry): Promise<void> {
  let previous = await latestRevisionRow(trx, entry.type, entry.id);
  if (!previous && entry.before) {
    // The item had no history yet (it was written before versions were kept): its state until now is version 1.
    const original: RevisionRow = {
      id: randomUUID(),
      item_type: entry.type,
      item_id: entry.id,
      number: 1,
      action: 'update',
      item_write: true,
      fields: JSON.stringify(entry.before.version.fields),
      picture: entry.before.version.picture,
      changed: '[]',
      restored_from: null,
      saved_by: '',
      saved_by_name: '',
      saved_at: entry.before.savedAt,
    };
    await insertRevisionRow(trx, { ...original, item_write: true });
    previous = original;
  }
  const itemWrite = ITEM_WRITES.includes(entry.action);
  const after = valuesOf(entry.version, entry.fields);
  const changed = previous ? changedLabels(entry.fields, revisionValues(previous, entry.fields), after) : [];
  if (previous && changed.length === 0 && bool(previous.item_write) === itemWrite && entry.action !== 'restore') return;
  await insertRevisionRow(trx, {
    id: randomUUID(),
    item_type: entry.type,
    item_id: entry.id,
    number: (previous?.number ?? 0) + 1,
    action: entry.action,
    item_write: itemWrite,
    fields: JSON.stringify(entry.version.fields),
    picture: entry.version.picture,
    changed: JSON.stringify(changed),
    restored_from: entry.restoredFrom ?? null,
    saved_by: entry.actor.id,
    saved_by_name: actorName(entry.actor),
    saved_at: new Date().toISOString(),
  });
}

/** Keeps the version an item write made, in its transaction; `before`: the item as it was (for its first version). */
export async function keepItemVersion<Row, F extends ItemFields>(
  trx: Db,
  kind: Versioned<Row, F>,
  actor: AuthUser,
  id: string,
  action: Extract<RevisionAction, 'create' | 'update' | 'publish'>,
  after: Row,
  before?: Row,
): Promise<void> {
  await keepRevision(trx, {
    type: kind.type,
    id,
    action,
    fields: kind.fields,
    version: versionOf(kind, kind.fieldsOf(after)),
    actor,
    before: before && { version: versionOf(kind, kind.fieldsOf(before)), savedAt: kind.writtenAt(before) },
  });
}

/** The version the item holds now: the newest written to the item itself (never pruned). */
export const currentRevision = (rows: readonly RevisionRow[]): RevisionRow | undefined =>
  rows.find((row) => bool(row.item_write));

/** After a save: the item's oldest versions beyond the limit go, the item's own kept. */
export async function pruneRevisions(
  scope: { db: Db; dataDir: string },
  type: DraftType,
  id: string,
  limit?: number,
): Promise<void> {
  const pictures = await scope.db.transaction().execute(async (trx) => {
    const keep = limit ?? (await readRevisionLimit(trx));
    const rows = await listRevisionRows(trx, type, id);
    if (rows.length <= keep) return [];
    const current = currentRevision(rows);
    const kept = new Set(rows.slice(0, keep).map((row) => row.id));
    if (current && !kept.has(current.id)) {
      // The item's own version stays, in place of the oldest of the newest `keep`.
      kept.delete(rows[keep - 1]?.id ?? '');
      kept.add(current.id);
    }
    const dropped = await deleteRevisionRows(
      trx,
      rows.filter((row) => !kept.has(row.id)).map((row) => row.id),
    );
    await unclaimMedia(trx, ...dropped);
    return dropped;
  });
  await releaseEachIfUnused(scope, pictures);
}

/** A new limit: every item keeping more versions is pruned to it now. */
export async function pruneAllRevisions(scope: { db: Db; dataDir: string }, limit: number): Promise<void> {
  for (const item of await itemsOverLimit(scope.db, limit))
    await pruneRevisions(scope, item.item_type as DraftType, item.item_id, limit);
}

/** In the transaction deleting an item: its versions go with it; their pictures, to release after the commit. */
export async function dropItemRevisions(trx: Db, type: DraftType, id: string): Promise<string[]> {
  const pictures = await deleteItemRevisionRows(trx, type, id);
  await unclaimMedia(trx, ...pictures);
  return pictures;
}

/**
 * Drafts of any kind of item, written once: changes saved without reaching the public site (who may change the item
 * may keep a draft of it), restored from a kept version, shown by a preview link, and published by one who may
 * publish, when the draft becomes the live item through the item's own write, in one transaction with the draft's
 * removal. Each save keeps a version (revisions/keep-revision.ts).
 */
import { DRAFT_NOT_FOUND, type DraftInfo } from '../../../shared/drafts.ts';
import type { RevisionAction } from '../../../shared/revisions.ts';
import { omit } from '../../../shared/omit.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { storeFormPicture, storeFormPictures, type PicturePurpose, type WriteBody } from '../../media/upload-check.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import {
  keepRevision,
  pruneRevisions,
  versionOf,
  type ItemFields,
  withPicture,
  type Version,
  type Versioned,
} from '../revisions/keep-revision.ts';
import { deleteDraftRow, draftInfo, findDraftRow, putDraftRow, type DraftRow } from './drafts.repository.ts';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface ItemWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** A draft as the admin reads it: who saved it, when, and its fields. */
export type ItemDraft<F extends ItemFields> = DraftInfo & { fields: F };

/** Sent changes, checked: a field left out (or undefined) keeps its value. */
export type ItemChanges<F> = { [K in keyof F]?: F[K] | undefined };

/** `base` with the changes that were sent. */
export function applyChanges<F extends ItemFields>(base: F, changes: ItemChanges<F>): F {
  const sent = Object.entries(changes).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(sent) };
}

/** What a write does to the picture: a stored one puts it in place, `remove` takes it away, neither keeps it. */
export interface PictureChange {
  image: string | undefined;
  remove: boolean;
}

/** How an item's write is told: the audit's words and the version's action; `also` runs in its transaction. */
export interface ItemWriteNote {
  what: string;
  action: Extract<RevisionAction, 'update' | 'publish'>;
  also?: ((trx: Db) => Promise<void>) | undefined;
}

/** One kind of item as its drafts see it; each call refuses (403/404) whom the item's own rules refuse. */
export interface Draftable<Row, F extends ItemFields> extends Versioned<Row, F> {
  /** The item in the audit's words: `Blog "Spring menu"`. */
  label(fields: F): string;
  /** What the form's picture is stored as (a kind with a picture); `removable` when it may be sent empty. */
  upload?: { purpose: PicturePurpose; removable: boolean };
  /**
   * Further pictures kept among the fields, each a stored picture's URL under its field (a company's dark logo and
   * icon): a new one is sent as a file under the field's name, and none is removed by a draft.
   */
  morePictures?: readonly { field: string & keyof F; purpose: PicturePurpose }[];
  find(db: Db, id: string): Promise<Row | undefined>;
  /** The row when `actor` may see it; else 404. */
  visible(actor: AuthUser, row: Row | undefined): Row;
  /** The row when `actor` may change it; else 403 or 404. */
  changeable(actor: AuthUser, row: Row | undefined): Row;
  /** Refuses a publish to one who may not (403). */
  mayPublish(actor: AuthUser): void;
  /** Sent changes checked as the item's PUT checks them (`published` is not a draft's), ready to store. */
  prepare(ctx: ItemWriteContext, input: Record<string, unknown>): Promise<ItemChanges<F>>;
  /** How sent changes apply to the draft's fields, when not field by field (a group of values, merged). */
  merge?(base: F, changes: ItemChanges<F>): F;
  /** Refuses, in the draft's transaction, what another item already holds (an address). */
  claims?(trx: Db, changes: ItemChanges<F>, base: F, id: string): Promise<void>;
  /**
   * Writes the draft's fields to the item through the item's own write (checked again, its version kept as
   * 'publish'), `also` in its transaction; whether the public site changed.
   */
  publish(
    ctx: ItemWriteContext,
    id: string,
    fields: F,
    picture: PictureChange,
    also: (trx: Db) => Promise<void>,
  ): Promise<{ publicChange: boolean }>;
}

const noDraft = () => new ApiError(404, DRAFT_NOT_FOUND);

/** Where a kind keeps its pictures. */
interface PictureNames {
  picture?: string;
  morePictures?: readonly { field: string }[];
}

/** The names of a kind's further pictures (morePictures). */
const morePictureFields = (kind: PictureNames): string[] => (kind.morePictures ?? []).map(({ field }) => field);

/** Every field of a kind that takes a file: its picture, then its further pictures. */
export const fileFieldsOf = (kind: PictureNames): string[] => [
  ...(kind.picture ? [kind.picture] : []),
  ...morePictureFields(kind),
];

/** The URLs `fields` holds under the kind's further pictures. */
const morePicturesOf = (kind: PictureNames, fields: ItemFields) =>
  Object.fromEntries(
    morePictureFields(kind).flatMap((field) => {
      const url: unknown = (fields as Record<string, unknown>)[field];
      return typeof url === 'string' ? [[field, url]] : [];
    }),
  );

/** The further pictures `from` names that `to` and the item's own fields do not: no longer needed once `to` is kept. */
const morePicturesDropped = (kind: PictureNames, from: ItemFields, to: ItemFields, own: ItemFields): string[] => {
  const [was, now, item] = [morePicturesOf(kind, from), morePicturesOf(kind, to), morePicturesOf(kind, own)];
  return Object.entries(was).flatMap(([field, url]) => (url !== now[field] && url !== item[field] ? [url] : []));
};

/** A stored draft's fields; what the row lacks (written by an older version) comes from the item. */
function fieldsOfDraft<Row, F extends ItemFields>(kind: Draftable<Row, F>, draft: DraftRow, row: Row): F {
  const stored = JSON.parse(draft.fields) as Partial<F>;
  return withPicture(kind, { ...kind.fieldsOf(row), ...stored }, draft.picture);
}

const answerOf = <Row, F extends ItemFields>(kind: Draftable<Row, F>, draft: DraftRow, row: Row): ItemDraft<F> => ({
  ...draftInfo(draft),
  fields: fieldsOfDraft(kind, draft, row),
});

/** GET <item>/draft. */
export async function readDraft<Row, F extends ItemFields>(
  db: Db,
  kind: Draftable<Row, F>,
  actor: AuthUser,
  id: string,
): Promise<ItemDraft<F>> {
  const row = kind.visible(actor, await kind.find(db, id));
  const draft = await findDraftRow(db, kind.type, id);
  if (!draft) throw noDraft();
  return answerOf(kind, draft, row);
}

/** A text field sent empty for the picture removes it (a file in it replaces it), where the kind allows. */
const removesPicture = (
  { upload, picture }: { upload?: { removable: boolean } | undefined; picture?: string | undefined },
  form: WriteBody,
) => !!picture && !!upload?.removable && form.fields[picture] === '' && !form.files[picture];

/** The sent fields a draft takes: `published` is not a draft's, and its pictures come apart (as files, or kept). */
const draftInput = (fields: Record<string, unknown>, pictures: readonly string[]) =>
  omit<Record<string, unknown>, string>(fields, 'published', ...pictures);

/**
 * PUT <item>/draft: the sent fields change the draft (started from the item when it had none), checked as a PUT of
 * the item is. A new picture is stored for the draft alone.
 */
export async function saveDraft<Row, F extends ItemFields>(
  ctx: ItemWriteContext,
  kind: Draftable<Row, F>,
  id: string,
  form: WriteBody,
): Promise<ItemDraft<F>> {
  kind.changeable(ctx.actor, await kind.find(ctx.db, id));
  const changes = await kind.prepare(ctx, draftInput(form.fields, fileFieldsOf(kind)));
  const more = await storeFormPictures(ctx.db, ctx.dataDir, form, kind.morePictures ?? []);
  let image: string | undefined;
  try {
    image =
      kind.picture && kind.upload
        ? await storeFormPicture(ctx.db, ctx.dataDir, form, kind.picture, kind.upload.purpose)
        : undefined;
  } catch (error) {
    await releaseEachIfUnused(ctx, Object.values(more));
    throw error;
  }
  const picture = { image, remove: removesPicture(kind, form) };
  return writeDraft(
    ctx,
    kind,
    id,
    { ...changes, ...more } as ItemChanges<F>,
    picture,
    { action: 'draft', what: 'saved' },
    [...Object.values(more)],
  );
}

/**
 * POST <item>/revisions/:revision/restore: a kept version becomes the item's draft, checked as a saved draft is (an
 * address another item took since is refused), with the version's picture.
 */
export async function restoreDraft<Row, F extends ItemFields>(
  ctx: ItemWriteContext,
  kind: Draftable<Row, F>,
  id: string,
  version: Version,
  from: number,
): Promise<ItemDraft<F>> {
  kind.changeable(ctx.actor, await kind.find(ctx.db, id));
  const changes = await kind.prepare(ctx, draftInput(version.fields, fileFieldsOf(kind)));
  // The version's further pictures are its own, stored while it is kept.
  const more = morePicturesOf(kind, version.fields);
  const picture = { image: version.picture || undefined, remove: version.picture === '' };
  return writeDraft(ctx, kind, id, { ...changes, ...more } as ItemChanges<F>, picture, {
    action: 'restore',
    what: `restored from version ${from}`,
    restoredFrom: from,
  });
}

/** Writes checked changes to the item's draft and keeps the version; versions beyond the limit are pruned after. */
async function writeDraft<Row, F extends ItemFields>(
  ctx: ItemWriteContext,
  kind: Draftable<Row, F>,
  id: string,
  changes: ItemChanges<F>,
  picture: PictureChange,
  note: { action: 'draft' | 'restore'; what: string; restoredFrom?: number },
  stored: readonly string[] = [],
): Promise<ItemDraft<F>> {
  const { draft } = await writeNamingFile(
    ctx,
    picture.image ? [picture.image, ...stored] : stored,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = kind.changeable(ctx.actor, await kind.find(trx, id));
        const before = await findDraftRow(trx, kind.type, id);
        const base = before ? fieldsOfDraft(kind, before, row) : kind.fieldsOf(row);
        await kind.claims?.(trx, changes, base, id);
        const own = versionOf(kind, kind.fieldsOf(row)).picture;
        const image = picture.image ?? (picture.remove ? '' : versionOf(kind, base).picture);
        const fields = withPicture(kind, (kind.merge ?? applyChanges)(base, changes), image);
        const saved: DraftRow = {
          item_type: kind.type,
          item_id: id,
          fields: JSON.stringify(versionOf(kind, fields).fields),
          picture: image,
          saved_by: ctx.actor.id,
          saved_by_name: actorName(ctx.actor),
          saved_at: new Date().toISOString(),
        };
        await putDraftRow(trx, saved);
        await claimMedia(trx, picture.image, ...stored);
        const replaced = before && before.picture !== image ? before.picture : undefined;
        // A picture only the old draft named is no longer needed; the item's own stays.
        const dropped = [
          ...(replaced && replaced !== own ? [replaced] : []),
          ...(before ? morePicturesDropped(kind, fieldsOfDraft(kind, before, row), fields, kind.fieldsOf(row)) : []),
        ];
        await unclaimMedia(trx, ...dropped);
        await keepRevision(trx, {
          type: kind.type,
          id,
          action: note.action,
          fields: kind.fields,
          version: versionOf(kind, fields),
          actor: ctx.actor,
          before: { version: versionOf(kind, kind.fieldsOf(row)), savedAt: kind.writtenAt(row) },
          ...(note.restoredFrom === undefined ? {} : { restoredFrom: note.restoredFrom }),
        });
        await recordAudit(trx, ctx.actor, {
          action: `${kind.type}.draft`,
          target: { type: kind.type, id },
          summary: `${kind.label(fields)} draft ${note.what}`,
        });
        return { draft: answerOf(kind, saved, row), dropped };
      }),
    (written) => written.dropped,
  );
  await pruneRevisions(ctx, kind.type, id);
  return draft;
}

/** DELETE <item>/draft: the item stays as it is; a picture only the draft named is released. */
export async function discardDraft<Row, F extends ItemFields>(
  ctx: ItemWriteContext,
  kind: Draftable<Row, F>,
  id: string,
): Promise<void> {
  const pictures = await ctx.db.transaction().execute(async (trx) => {
    const row = kind.changeable(ctx.actor, await kind.find(trx, id));
    const draft = await deleteDraftRow(trx, kind.type, id);
    if (!draft) throw noDraft();
    const fields = kind.fieldsOf(row);
    const own = [
      ...(draft.picture !== versionOf(kind, fields).picture ? [draft.picture] : []),
      ...morePicturesDropped(kind, fieldsOfDraft(kind, draft, row), fields, fields),
    ];
    await unclaimMedia(trx, ...own);
    await recordAudit(trx, ctx.actor, {
      action: `${kind.type}.draft`,
      target: { type: kind.type, id },
      summary: `${kind.label(fields)} draft discarded`,
    });
    return own;
  });
  await releaseEachIfUnused(ctx, pictures);
}

/**
 * POST <item>/draft/publish: one who may publish makes the draft the live item, published, checked again as a PUT
 * is (a category deleted since, an address taken since); the draft goes in the same transaction.
 */
export async function publishDraft<Row, F extends ItemFields>(
  ctx: ItemWriteContext,
  kind: Draftable<Row, F>,
  id: string,
): Promise<{ publicChange: boolean }> {
  const row = kind.visible(ctx.actor, await kind.find(ctx.db, id));
  kind.mayPublish(ctx.actor);
  const draft = await findDraftRow(ctx.db, kind.type, id);
  if (!draft) throw noDraft();
  const fields = fieldsOfDraft(kind, draft, row);
  const own = versionOf(kind, kind.fieldsOf(row)).picture;
  const image = versionOf(kind, fields).picture;
  const picture =
    image === own ? { image: undefined, remove: false } : { image: image || undefined, remove: image === '' };
  return kind.publish(ctx, id, fields, picture, async (trx) => {
    // Published meanwhile by someone else, or discarded: nothing of it is written.
    const still = await deleteDraftRow(trx, kind.type, id);
    if (still?.saved_at !== draft.saved_at)
      throw new ApiError(409, 'The draft changed while it was being published. Please try again.');
  });
}

/** The item as its page will show it: the draft's fields applied when it has one (a preview link's view). */
export async function previewFields<Row, F extends ItemFields>(
  db: Db,
  kind: Draftable<Row, F>,
  id: string,
): Promise<{ row: Row; fields: F; draft: boolean } | null> {
  const row = await kind.find(db, id);
  if (!row) return null;
  const draft = await findDraftRow(db, kind.type, id);
  return { row, fields: draft ? fieldsOfDraft(kind, draft, row) : kind.fieldsOf(row), draft: draft !== undefined };
}

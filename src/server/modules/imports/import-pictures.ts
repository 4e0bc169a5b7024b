/**
 * An import's pictures: each address the source shows is looked for in the pictures' archive, stored once through the
 * product's own picture pipeline (checked, re-encoded, responsive variants) and kept in the media library with its alt
 * text; the HTML that showed it is then pointed at the stored copy. A picture that is not there (or will not decode)
 * is left out of the HTML: this site's pages load pictures from itself only (the CSP), so a link to the old site's copy
 * would show as broken.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import type { ImportReportItem } from '../../../shared/schemas/imports.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import type { PicturePurpose } from '../../media/picture-caps.ts';
import { storeCheckedPicture } from '../../media/upload-check.ts';
import { imageKey, pictureTitle } from './import-plan.ts';
import type { ImageRef } from './import-units.ts';
import { findSource, saveSource } from './imports.repository.ts';
import type { PictureArchive } from './picture-archive.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface PictureContext {
  db: Db;
  dataDir: string;
  jobId: string;
  archive: PictureArchive | null;
  uploadedBy: string;
  /** The job's pictures so far: source address → stored URL (null: could not be had). */
  stored: Map<string, string | null>;
  /** Report lines of the pictures handled in this job. */
  report: (item: ImportReportItem) => void;
}

/** Why a picture could not be had, in a sentence. */
function missing(ctx: PictureContext): string {
  return ctx.archive ? 'Not in the pictures’ archive.' : 'No pictures’ archive was uploaded.';
}

async function storeFromArchive(ctx: PictureContext, ref: ImageRef, purpose: PicturePurpose): Promise<string> {
  const entry = ctx.archive?.find(ref.url);
  if (!ctx.archive || !entry) throw new ApiError(404, missing(ctx));
  const bytes = await ctx.archive.read(entry);
  const stored = await storeCheckedPicture(ctx.db, ctx.dataDir, { bytes, fileName: entry }, purpose);
  await ctx.db
    .updateTable('media')
    .set({
      title: pictureTitle(ref.url).replace(/\.[a-z0-9]+$/i, ''),
      alt: ref.alt,
      kept: true,
      uploaded_by: ctx.uploadedBy,
      pending_since: null,
      updated_at: new Date().toISOString(),
    })
    .where('file_name', '=', stored.url.replace(/^\/media\//, ''))
    .execute();
  return stored.url;
}

/** The stored URL of the picture at `ref.url`: imported before, stored now, or null when it cannot be had. */
export async function ensurePicture(
  ctx: PictureContext,
  ref: ImageRef,
  purpose: PicturePurpose,
): Promise<string | null> {
  const known = ctx.stored.get(ref.url);
  if (known !== undefined) return known;
  const key = imageKey(ref.url);
  const title = pictureTitle(ref.url);
  const before = await findSource(ctx.db, key);
  if (before) {
    const here = await ctx.db
      .selectFrom('media')
      .select('id')
      .where('file_name', '=', before.target_id.replace(/^\/media\//, ''))
      .executeTakeFirst();
    if (here) {
      ctx.stored.set(ref.url, before.target_id);
      ctx.report({ key, type: 'image', title, outcome: 'unchanged', reason: 'Imported before.' });
      return before.target_id;
    }
  }
  try {
    const url = await storeFromArchive(ctx, ref, purpose);
    await saveSource(ctx.db, {
      source_key: key,
      target_type: 'media',
      target_id: url,
      source_hash: '',
      job_id: ctx.jobId,
    });
    ctx.stored.set(ref.url, url);
    ctx.report({ key, type: 'image', title, outcome: 'created', reason: '', url });
    return url;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 503) throw error;
    ctx.stored.set(ref.url, null);
    const reason = error.status === 404 ? error.message : `It could not be used: ${error.message}.`;
    ctx.report({ key, type: 'image', title, outcome: 'skipped', reason });
    return null;
  }
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function eachImg(node: Node, visit: (img: Element, parent: Node) => void): void {
  for (const child of 'childNodes' in node ? [...node.childNodes] : []) {
    if (isElement(child) && child.tagName === 'img') visit(child, node);
    eachImg(child, visit);
  }
}

/**
 * `html` with each picture the import stored pointed at its stored copy (`stored`: source address → URL or null), its
 * srcset and sizes dropped (they named the old site's copies), and a picture that could not be had left out.
 */
export function repointPictures(html: string, stored: ReadonlyMap<string, string | null>): string {
  const fragment = parseFragment(html);
  eachImg(fragment, (img, parent) => {
    const src = img.attrs.find((a) => a.name === 'src')?.value ?? '';
    const url = stored.get(src);
    if (!url) {
      if ('childNodes' in parent) parent.childNodes.splice(parent.childNodes.indexOf(img), 1);
      return;
    }
    img.attrs = img.attrs
      .filter((a) => a.name !== 'srcset' && a.name !== 'sizes')
      .map((a) => (a.name === 'src' ? { ...a, value: url } : a));
  });
  return serialize(fragment);
}

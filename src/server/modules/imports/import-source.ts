/**
 * An import's files on disk (DATA_DIR/imports/<job id>/: the export and the pictures' archive) and the export read
 * into units by the reader of its kind. A file that is not what the admin said it is gets a sentence that says so.
 */
import { readFile, rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportKind } from '../../../shared/schemas/imports.ts';
import { fieldError } from '../../http/errors.ts';
import type { ReadSource } from './import-units.ts';
import { openPictureArchive, type PictureArchive } from './picture-archive.ts';
import { readShopifyCsv } from './shopify/read-shopify-csv.ts';
import { readWxr } from './wordpress/read-wxr.ts';

export const importDir = (dataDir: string, id: string) => join(dataDir, 'imports', id);
export const exportPath = (dataDir: string, id: string) => join(importDir(dataDir, id), 'export');
export const mediaPath = (dataDir: string, id: string) => join(importDir(dataDir, id), 'media.zip');

export const makeImportDir = (dataDir: string, id: string) =>
  mkdir(importDir(dataDir, id), { recursive: true, mode: 0o700 });
export const removeImportDir = (dataDir: string, id: string) =>
  rm(importDir(dataDir, id), { recursive: true, force: true });

const NOT_WXR = 'This is not a WordPress export: choose the .xml file from Tools › Export in WordPress.';
const NOT_SHOPIFY =
  'This is not a Shopify products CSV: choose the file from Products › Export in Shopify (its first row names the columns, starting with Handle).';

/** Whether the text looks like what its kind's reader takes, before it is read. */
function looksRight(kind: ImportKind, text: string): boolean {
  if (kind === 'wordpress') return /<rss[\s>]/.test(text.slice(0, 4096)) && text.includes('wxr_version');
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // Shopify's exports name it Handle; its newer template, URL handle.
  return /(^|,)"?(URL )?handle"?(,|$)/i.test(header);
}

/** The export at `path` read as `kind`; a 400 on `file` when it is not one, or holds nothing to import. */
export async function readExport(kind: ImportKind, path: string): Promise<ReadSource> {
  const text = await readFile(path, 'utf8');
  if (!looksRight(kind, text)) throw fieldError(400, kind === 'wordpress' ? NOT_WXR : NOT_SHOPIFY, 'file');
  let source: ReadSource;
  try {
    source = kind === 'wordpress' ? readWxr(text) : readShopifyCsv(text);
  } catch {
    throw fieldError(400, kind === 'wordpress' ? `${NOT_WXR} (It could not be read as XML.)` : NOT_SHOPIFY, 'file');
  }
  if (source.units.length === 0) {
    const why = source.problems[0];
    throw fieldError(
      400,
      `The file holds nothing this site can import${why ? ` (${why.where}: ${why.message})` : ''}.`,
      'file',
    );
  }
  return source;
}

/** The pictures' archive at `path`; a 400 on `media` when it is not a .zip. */
export async function openMedia(path: string): Promise<PictureArchive> {
  try {
    return await openPictureArchive(path);
  } catch {
    throw fieldError(400, 'The pictures’ archive must be a .zip file.', 'media');
  }
}

/**
 * Checks an uploaded document before anything is stored: its type comes from its content (file-type's
 * magic bytes and ZIP entries), never from its name or declared type, which must both agree with it or it is refused
 * with 415. Plain text and CSV have no signature: accepted only as valid UTF-8 without NUL bytes named .txt or .csv.
 * Also makes the cleaned download name and the Content-Disposition a stored document is served with.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../http/errors.ts';
import { mediaType } from '../http/media-type.ts';
import { codePoints } from '../../shared/code-points.ts';

/** 20 MiB = 20,971,520 bytes per document. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_EMPTY_MESSAGE = 'The file is empty';
export const DOCUMENT_NOT_ALLOWED_MESSAGE =
  'Only PDF, Word (DOCX), Excel (XLSX), PowerPoint (PPTX), OpenDocument (ODT, ODS), ZIP, PNG, JPEG, TXT and CSV files are allowed';
export const DOCUMENT_MISMATCH_MESSAGE = 'The file name or type does not match its content';

export interface DocumentKind {
  /** The Content-Type the file is stored and served with. */
  type: string;
  /** The extension of stored and download names; the first of `extensions`. */
  extension: string;
  extensions: readonly string[];
  /** Content-Types a client may declare for it besides `type` (browsers differ). */
  aliases: readonly string[];
  label: string;
}

/** `extensions` starts with the one a stored name gets. */
const kind = (
  type: string,
  extensions: readonly [string, ...string[]],
  label: string,
  aliases: readonly string[] = [],
): DocumentKind => ({
  type,
  extension: extensions[0],
  extensions,
  aliases,
  label,
});

const OOXML = 'application/vnd.openxmlformats-officedocument';
/** The allowed kinds by the MIME type file-type reports. */
const BY_CONTENT: ReadonlyMap<string, DocumentKind> = new Map([
  ['application/pdf', kind('application/pdf', ['pdf'], 'PDF', ['application/x-pdf'])],
  [`${OOXML}.wordprocessingml.document`, kind(`${OOXML}.wordprocessingml.document`, ['docx'], 'Word')],
  [`${OOXML}.spreadsheetml.sheet`, kind(`${OOXML}.spreadsheetml.sheet`, ['xlsx'], 'Excel')],
  [`${OOXML}.presentationml.presentation`, kind(`${OOXML}.presentationml.presentation`, ['pptx'], 'PowerPoint')],
  [
    'application/vnd.oasis.opendocument.text',
    kind('application/vnd.oasis.opendocument.text', ['odt'], 'OpenDocument text'),
  ],
  [
    'application/vnd.oasis.opendocument.spreadsheet',
    kind('application/vnd.oasis.opendocument.spreadsheet', ['ods'], 'OpenDocument spreadsheet'),
  ],
  [
    'application/zip',
    kind('application/zip', ['zip'], 'ZIP', ['application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip']),
  ],
  ['image/png', kind('image/png', ['png'], 'PNG')],
  ['image/jpeg', kind('image/jpeg', ['jpg', 'jpeg'], 'JPEG', ['image/jpg', 'image/pjpeg'])],
]);

const TEXT = kind('text/plain', ['txt'], 'Text');
// Excel on Windows makes browsers declare a .csv as application/vnd.ms-excel.
const CSV = kind('text/csv', ['csv'], 'CSV', [
  'application/csv',
  'text/x-csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'text/plain',
]);

/** Every allowed kind (for the admin's file picker and the public type label). */
export const DOCUMENT_KINDS: readonly DocumentKind[] = [...BY_CONTENT.values(), TEXT, CSV];

/** The extension of the last path segment, lower-case; '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base = baseName(fileName);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

const baseName = (fileName: string) =>
  fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);

/** True for valid UTF-8 without NUL bytes (what a text or CSV file must be). */
export function isPlainUtf8(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface DocumentUpload {
  bytes: Uint8Array;
  /** The part's Content-Type as the client declared it; absent or '' when none. */
  declaredType?: string | undefined;
  /** The client's file name; only its extension is read here (and it becomes the cleaned download name). */
  fileName?: string | undefined;
}

/** The kind the content shows: by signature, else text or CSV for UTF-8 named so; undefined when none is allowed. */
export async function detectDocumentKind(bytes: Uint8Array, extension: string): Promise<DocumentKind | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return BY_CONTENT.get(detected.mime);
  if (!isPlainUtf8(bytes)) return undefined;
  if (extension === 'txt') return TEXT;
  if (extension === 'csv') return CSV;
  return undefined;
}

/**
 * The kind of an upload, or throws an ApiError: 400 empty, 413 over 20 MiB, 415 when the content is no allowed kind,
 * 415 when the name's extension or the declared type names anything else. A generic declared type
 * ('application/octet-stream', sent for types a browser does not know) claims nothing and passes.
 */
export async function checkDocument({ bytes, declaredType, fileName }: DocumentUpload): Promise<DocumentKind> {
  if (bytes.byteLength === 0) throw new ApiError(400, DOCUMENT_EMPTY_MESSAGE);
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new ApiError(413, 'File size must be less than 20MB');
  const extension = extensionOf(fileName ?? '');
  const found = await detectDocumentKind(bytes, extension);
  if (!found) throw new ApiError(415, DOCUMENT_NOT_ALLOWED_MESSAGE);
  if (extension && !found.extensions.includes(extension)) throw new ApiError(415, DOCUMENT_MISMATCH_MESSAGE);
  const declared = mediaType(declaredType);
  if (
    declared &&
    declared !== 'application/octet-stream' &&
    declared !== found.type &&
    !found.aliases.includes(declared)
  ) {
    throw new ApiError(415, DOCUMENT_MISMATCH_MESSAGE);
  }
  return found;
}

/** Longest download name, in characters. */
const NAME_MAX = 120;
// Path separators, characters Windows refuses in names, quotes, and every control or format character.
const UNSAFE = /[\\/:*?"<>|\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The uploaded name made safe to offer as a download name: last path segment, NFC, no control or reserved characters,
 * spaces collapsed, no leading dots, at most 120 characters with the kind's extension kept or added.
 */
export function cleanDownloadName(
  fileName: string | undefined,
  found: Pick<DocumentKind, 'extension' | 'extensions'>,
): string {
  const cleaned = baseName(fileName ?? '')
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const extension = extensionOf(cleaned);
  const hasOwn = extension !== '' && found.extensions.includes(extension);
  let stem = hasOwn ? cleaned.slice(0, -(extension.length + 1)) : cleaned;
  const suffix = `.${hasOwn ? extension : found.extension}`;
  stem = codePoints(stem)
    .slice(0, NAME_MAX - suffix.length)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${stem || 'document'}${suffix}`;
}

/** `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<the name>` (RFC 6266, RFC 8187). */
export function attachmentDisposition(downloadName: string): string {
  const ascii = downloadName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

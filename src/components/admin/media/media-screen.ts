/**
 * Pure rules of the media library screen: its query as a reducer (design.md 4.13) and in the address bar, what a
 * tile or row writes about a file (documents included, which the library only lists), the focal point from a click
 * or an arrow key, the edited details as a PATCH body, and the upload queue.
 */
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../../shared/constants.ts';
import {
  MEDIA_KINDS,
  MEDIA_SEARCH_MAX,
  MEDIA_SORTS,
  MEDIA_TAG_MAX,
  type MediaItem,
  type MediaKind,
  type MediaSort,
} from '../../../shared/media-library.ts';
import type { MediaDetailsInput, MediaQueryInput } from '../../../shared/schemas/media-library.ts';
import { AUDIO_ACCEPT, AUDIO_MAX_BYTES } from '../../../shared/schemas/audio-admin.ts';
import { TOO_LARGE } from '../company/company-rules.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

export const EMPTY_LIBRARY =
  'No files yet. Upload pictures and audio here, or through any form; they all appear in this library.';
export const NO_MATCHES = 'No files match these filters.';
export const ALT_HINT =
  'Describe the picture for people who cannot see it. Required before it is used on a published page.';

/** Where documents are added, edited, replaced and deleted: the library only lists them. */
export const DOCUMENTS_TAB_HREF = '/admin/content?tab=Documents';

/** The list's query as the screen keeps it: every filter present, '' for none. */
export interface MediaQuery {
  q: string;
  kind: '' | MediaKind;
  tag: string;
  sort: MediaSort;
  unused: boolean;
  page: number;
}

export const INITIAL_MEDIA_QUERY: MediaQuery = { q: '', kind: '', tag: '', sort: 'newest', unused: false, page: 1 };

export type MediaQueryAction =
  | { type: 'search'; q: string }
  | { type: 'kind'; kind: MediaQuery['kind'] }
  | { type: 'tag'; tag: string }
  | { type: 'sort'; sort: MediaSort }
  | { type: 'unused'; unused: boolean }
  | { type: 'reset' }
  | PageAction;

/** A new filter or order starts again at page 1; the same value again changes nothing. */
export function mediaQueryReducer(query: MediaQuery, action: MediaQueryAction): MediaQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'kind':
      return action.kind === query.kind ? query : { ...query, kind: action.kind, page: 1 };
    case 'tag':
      return action.tag === query.tag ? query : { ...query, tag: action.tag, page: 1 };
    case 'sort':
      return action.sort === query.sort ? query : { ...query, sort: action.sort, page: 1 };
    case 'unused':
      return action.unused === query.unused ? query : { ...query, unused: action.unused, page: 1 };
    case 'reset':
      return { ...INITIAL_MEDIA_QUERY, sort: query.sort };
    case 'page':
      return onPage(query, action.page);
  }
}

/** True while a filter narrows the list (the order is no filter). */
export const isFiltered = (query: MediaQuery) =>
  query.q !== '' || query.kind !== '' || query.tag !== '' || query.unused;

/** A select's value as a kind, '' for anything else. */
export const parseKind = (value: string | null): MediaQuery['kind'] =>
  (MEDIA_KINDS as readonly string[]).includes(value ?? '') ? (value as MediaKind) : '';

/** A select's value as an order, newest first for anything else. */
export const parseSort = (value: string | null): MediaSort =>
  (MEDIA_SORTS as readonly string[]).includes(value ?? '') ? (value as MediaSort) : 'newest';

/** How the files are shown. */
export type MediaView = 'grid' | 'list';

/** The query and the view an address carries (`?q=&kind=&tag=&sort=&unused=true&page=&view=list`); defaults for the rest. */
export function queryFromSearch(search: string): { query: MediaQuery; view: MediaView } {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    query: {
      q: (params.get('q') ?? '').trim().slice(0, MEDIA_SEARCH_MAX),
      kind: parseKind(params.get('kind')),
      tag: (params.get('tag') ?? '').trim().slice(0, MEDIA_TAG_MAX),
      sort: parseSort(params.get('sort')),
      unused: params.get('unused') === 'true',
      page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    },
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The address bar's search for a query and view: defaults left out, so a plain visit reads '' (no '?'). */
export function searchFromQuery(query: MediaQuery, view: MediaView): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.kind) params.set('kind', query.kind);
  if (query.tag) params.set('tag', query.tag);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.unused) params.set('unused', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  if (view === 'list') params.set('view', 'list');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query GET /api/admin/media reads: only what narrows or orders the list. */
export function apiQuery(query: MediaQuery): MediaQueryInput {
  return {
    ...(query.q ? { q: query.q } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
    sort: query.sort,
    page: query.page,
    ...(query.unused ? { unused: 'true' as const } : {}),
  };
}

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'image/avif': 'AVIF',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/aac': 'AAC',
  'audio/ogg': 'OGG',
  'audio/opus': 'OPUS',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/wave': 'WAV',
  'audio/flac': 'FLAC',
  'audio/x-flac': 'FLAC',
  // The document types the Documents tab accepts; their subtypes are too long to show.
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/zip': 'ZIP',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};

const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/** The file's format in capitals: 'image/webp' → 'WEBP', 'audio/mpeg' → 'MP3'; the subtype for one not listed. */
export function formatName(contentType: string): string {
  const type = mediaType(contentType);
  return FORMAT_NAMES[type] ?? (type.split('/')[1] ?? type).replace(/^x-/, '').toUpperCase();
}

/**
 * The format a tile or row names: formatName's, except for a document of a type not listed (application/octet-stream
 * says nothing), which goes by its title's extension when it has one, else reads 'FILE'.
 */
export function fileFormat(item: Pick<MediaItem, 'kind' | 'contentType' | 'title'>): string {
  const type = mediaType(item.contentType);
  if (item.kind !== 'document' || FORMAT_NAMES[type]) return formatName(item.contentType);
  const extension = /\.([a-z0-9]{1,5})$/i.exec(item.title.trim())?.[1];
  if (extension) return extension.toUpperCase();
  return type === '' || type === 'application/octet-stream' ? 'FILE' : formatName(type);
}

const KIND_NAMES: Readonly<Record<MediaKind, string>> = { image: 'Picture', audio: 'Audio', document: 'Document' };

/** 'Picture · WEBP', 'Audio · MP3', 'Document · PDF'. */
export const typeText = (item: Pick<MediaItem, 'kind' | 'contentType' | 'title'>) =>
  `${KIND_NAMES[item.kind]} · ${fileFormat(item)}`;

/** '1600 × 900', or '' when the file has no size in pixels (audio). */
export const dimensionsText = (item: Pick<MediaItem, 'width' | 'height'>) =>
  item.width && item.height ? `${item.width} × ${item.height}` : '';

/** 'Not used', 'Used once', 'Used 3 times'. */
export const usesText = (count: number) =>
  count === 0 ? 'Not used' : count === 1 ? 'Used once' : `Used ${count} times`;

/** '1 file', '12 files'. */
export const fileCount = (total: number) => (total === 1 ? '1 file' : `${total} files`);

/** A picture that needs alt text before it is used on a published page (alt text applies to pictures alone). */
export const missingAlt = (item: Pick<MediaItem, 'kind' | 'alt'>) => item.kind === 'image' && item.alt.trim() === '';

/** A focal point in percent from the left and from the top. */
export interface FocalPoint {
  focalX: number;
  focalY: number;
}

const percent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** The focal point a click at (x, y) on `box` (the picture's on-screen rectangle) sets: whole percents, 0 to 100. */
export function focalFromPoint(
  x: number,
  y: number,
  box: { left: number; top: number; width: number; height: number },
): FocalPoint {
  return {
    focalX: box.width > 0 ? percent(((x - box.left) / box.width) * 100) : 50,
    focalY: box.height > 0 ? percent(((y - box.top) / box.height) * 100) : 50,
  };
}

/** Arrow keys move the focal point by `step` percent (kept within the picture); null for any other key. */
export function focalFromKey(key: string, focal: FocalPoint, step = 5): FocalPoint | null {
  const move: Readonly<Record<string, [number, number]>> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const [dx, dy] = move[key] ?? [];
  if (dx === undefined || dy === undefined) return null;
  return { focalX: percent(focal.focalX + dx), focalY: percent(focal.focalY + dy) };
}

/** The CSS object-position of a focal point: '30% 70%'. */
export const objectPosition = (focal: FocalPoint) => `${focal.focalX}% ${focal.focalY}%`;

/** Tags typed with commas: trimmed, lower case (as the server keeps them), each once, empties dropped. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** The details form of a file: text fields as typed, tags as one comma-separated line. */
export interface DetailsForm {
  title: string;
  alt: string;
  caption: string;
  tags: string;
  focalX: number;
  focalY: number;
}

export const detailsFormOf = (item: MediaItem): DetailsForm => ({
  title: item.title,
  alt: item.alt,
  caption: item.caption,
  tags: item.tags.join(', '),
  focalX: item.focalX,
  focalY: item.focalY,
});

/** Only what the form changed, as the PATCH body; alt text and focal point belong to pictures alone. */
export function detailsChanges(item: MediaItem, form: DetailsForm): MediaDetailsInput {
  const changes: MediaDetailsInput = {};
  if (form.title !== item.title) changes.title = form.title;
  if (item.kind === 'image' && form.alt !== item.alt) changes.alt = form.alt;
  if (form.caption !== item.caption) changes.caption = form.caption;
  const tags = parseTags(form.tags);
  if (tags.join('\n') !== item.tags.join('\n')) changes.tags = tags;
  if (item.kind === 'image' && form.focalX !== item.focalX) changes.focalX = form.focalX;
  if (item.kind === 'image' && form.focalY !== item.focalY) changes.focalY = form.focalY;
  return changes;
}

/** What the file pickers offer; the server still reads each file's content. */
export const PICTURE_ACCEPT = UPLOAD_TYPES.join(',');
export const MEDIA_ACCEPT = `${PICTURE_ACCEPT},${AUDIO_ACCEPT}`;

export const AUDIO_TOO_LARGE = 'File size must be less than 50MB';

/**
 * The browser's size check, so a file the server would refuse is not sent first: the server's own message, or null.
 * The type is left to the server, which reads the file's content.
 */
export function uploadProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.type.startsWith('image/') && file.size > UPLOAD_MAX_BYTES) return TOO_LARGE;
  if (file.type.startsWith('audio/') && file.size > AUDIO_MAX_BYTES) return AUDIO_TOO_LARGE;
  return null;
}

/** At most this many uploads run at once; the rest wait their turn. */
export const UPLOADS_AT_ONCE = 2;

/** One chosen file of the uploader; `key` tells two files of the same name apart. */
export interface UploadEntry {
  key: string;
  file: File;
  /** 0 to 100. */
  percent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** The server's answer or refusal. */
  message: string;
  /** A failure that may pass another time (busy, no connection), unlike a refused file. */
  retry: boolean;
  /** The file as the library keeps it, once uploaded. */
  item: MediaItem | null;
}

let uploadCounter = 0;

/** Chosen files as waiting entries; one the browser already refuses is failed at once, with the reason. */
export const queueUploads = (files: readonly File[]): UploadEntry[] =>
  files.map((file) => {
    const problem = uploadProblem(file);
    return {
      key: `${++uploadCounter}-${file.name}`,
      file,
      percent: 0,
      state: problem ? 'failed' : 'waiting',
      message: problem ?? '',
      retry: false,
      item: null,
    };
  });

/** The queue with one entry changed. */
export const updateUpload = (queue: readonly UploadEntry[], key: string, change: Partial<UploadEntry>): UploadEntry[] =>
  queue.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));

/** The next entries to start: waiting ones, as many as leave at most `UPLOADS_AT_ONCE` running. */
export function nextUploads(queue: readonly UploadEntry[]): UploadEntry[] {
  const running = queue.filter((entry) => entry.state === 'uploading').length;
  return queue.filter((entry) => entry.state === 'waiting').slice(0, Math.max(0, UPLOADS_AT_ONCE - running));
}

/** A failed upload worth another try: no answer came, it took too long, or the server was busy or failing. */
export const retryable = (status: number | undefined) =>
  status === undefined || status === 408 || status === 429 || status >= 500;

import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  AUDIO_TOO_LARGE,
  detailsChanges,
  detailsFormOf,
  dimensionsText,
  fileCount,
  fileFormat,
  focalFromKey,
  focalFromPoint,
  formatName,
  INITIAL_MEDIA_QUERY,
  isFiltered,
  mediaQueryReducer,
  missingAlt,
  nextUploads,
  parseTags,
  queryFromSearch,
  queueUploads,
  retryable,
  searchFromQuery,
  typeText,
  updateUpload,
  uploadProblem,
  usesText,
  type MediaQuery,
} from '../../src/components/admin/media/media-screen.ts';
import { TOO_LARGE } from '../../src/components/admin/company/company-rules.ts';
import type { MediaItem } from '../../src/shared/media-library.ts';
import { mediaItem } from '../helpers/media-item.ts';

const picture = (change: Partial<MediaItem> = {}): MediaItem =>
  mediaItem('m1', {
    address: '/media/a.webp',
    url: '/media/a.webp',
    bytes: 1200,
    width: 1600,
    height: 900,
    title: 'Harbour',
    tags: ['sea', 'boats'],
    uploadedBy: 'Ann',
    createdAt: '2026-12-01T10:00:00.000Z',
    ...change,
  });

const file = (name: string, type: string, size: number) => ({ name, type, size }) as unknown as File;

describe('the library query', () => {
  const at = (change: Partial<MediaQuery>): MediaQuery => ({ ...INITIAL_MEDIA_QUERY, ...change });

  it.each([
    [
      { type: 'search', q: 'boat' },
      { q: 'boat', page: 1 },
    ],
    [
      { type: 'kind', kind: 'audio' },
      { kind: 'audio', page: 1 },
    ],
    [
      { type: 'tag', tag: 'sea' },
      { tag: 'sea', page: 1 },
    ],
    [
      { type: 'sort', sort: 'largest' },
      { sort: 'largest', page: 1 },
    ],
    [
      { type: 'unused', unused: true },
      { unused: true, page: 1 },
    ],
    [{ type: 'page', page: 0 }, { page: 1 }],
    [{ type: 'page', page: 4.7 }, { page: 4 }],
  ] as const)('%o starts from page 1 or goes to the page asked', (action, change) => {
    expect(mediaQueryReducer(at({ page: 3 }), action)).toEqual({ ...at({ page: 3 }), ...change });
  });

  it('keeps the same query when nothing changes, and a reset keeps the order', () => {
    const query = at({ q: 'boat', page: 2 });
    expect(mediaQueryReducer(query, { type: 'search', q: 'boat' })).toBe(query);
    expect(
      mediaQueryReducer(at({ q: 'x', kind: 'image', tag: 't', unused: true, sort: 'title', page: 5 }), {
        type: 'reset',
      }),
    ).toEqual(at({ sort: 'title' }));
    expect(isFiltered(at({ sort: 'oldest', page: 3 }))).toBe(false);
    expect(isFiltered(at({ unused: true }))).toBe(true);
  });

  it('reads the address into a query and a view, with defaults for anything unknown', () => {
    expect(queryFromSearch('?q=%20boat%20&kind=audio&tag=sea&sort=title&unused=true&page=3&view=list')).toEqual({
      query: { q: 'boat', kind: 'audio', tag: 'sea', sort: 'title', unused: true, page: 3 },
      view: 'list',
    });
    expect(queryFromSearch('?kind=video&sort=random&unused=yes&page=-2&view=cards')).toEqual({
      query: INITIAL_MEDIA_QUERY,
      view: 'grid',
    });
    expect(queryFromSearch('?page=2.5').query.page).toBe(1);
    expect(queryFromSearch(`?q=${'a'.repeat(300)}`).query.q).toHaveLength(200);
  });

  it('writes only what differs from the defaults into the address, and reads it back the same', () => {
    expect(searchFromQuery(INITIAL_MEDIA_QUERY, 'grid')).toBe('');
    const query = at({ q: 'red boat', kind: 'image', tag: 'sea', sort: 'oldest', unused: true, page: 2 });
    const search = searchFromQuery(query, 'list');
    expect(search).toBe('?q=red+boat&kind=image&tag=sea&sort=oldest&unused=true&page=2&view=list');
    expect(queryFromSearch(search)).toEqual({ query, view: 'list' });
  });

  it('asks the API only for what narrows or orders the list', () => {
    expect(apiQuery(INITIAL_MEDIA_QUERY)).toEqual({ sort: 'newest', page: 1 });
    expect(apiQuery(at({ q: 'boat', kind: 'audio', tag: 'sea', unused: true, page: 2 }))).toEqual({
      q: 'boat',
      kind: 'audio',
      tag: 'sea',
      sort: 'newest',
      page: 2,
      unused: 'true',
    });
  });
});

describe('what a tile and a row say about a file', () => {
  it('names formats, type, dimensions, uses and counts', () => {
    expect(formatName('image/webp')).toBe('WEBP');
    expect(formatName('audio/mpeg')).toBe('MP3');
    expect(formatName('audio/x-m4a')).toBe('M4A');
    expect(formatName('audio/x-aiff')).toBe('AIFF');
    expect(typeText(picture())).toBe('Picture · WEBP');
    expect(typeText(picture({ kind: 'audio', contentType: 'audio/flac' }))).toBe('Audio · FLAC');
    expect(dimensionsText(picture())).toBe('1600 × 900');
    expect(dimensionsText(picture({ width: null, height: null }))).toBe('');
    expect([0, 1, 4].map(usesText)).toEqual(['Not used', 'Used once', 'Used 4 times']);
    expect([1, 48].map(fileCount)).toEqual(['1 file', '48 files']);
  });

  it('names a document’s format from its type, or from its title when the type says nothing', () => {
    const document = (contentType: string, title = 'Annual report') =>
      picture({ kind: 'document', contentType, title, width: null, height: null });
    expect(formatName('application/pdf')).toBe('PDF');
    expect(formatName('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('DOCX');
    expect(
      [
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'application/vnd.oasis.opendocument.text',
        'application/vnd.oasis.opendocument.spreadsheet',
        'application/zip',
        'image/png',
        'text/csv',
        'text/plain; charset=utf-8',
      ].map((type) => fileFormat(document(type))),
    ).toEqual(['PDF', 'XLSX', 'PPTX', 'ODT', 'ODS', 'ZIP', 'PNG', 'CSV', 'TXT']);
    expect(fileFormat(document('application/octet-stream', 'Menu.docx'))).toBe('DOCX');
    expect(fileFormat(document('application/octet-stream'))).toBe('FILE');
    expect(fileFormat(document('application/rtf'))).toBe('RTF');
    // A picture or audio file keeps its type's name whatever its title says.
    expect(fileFormat(picture({ title: 'Harbour.png' }))).toBe('WEBP');
    expect(typeText(document('application/pdf'))).toBe('Document · PDF');
    expect(dimensionsText(document('application/pdf'))).toBe('');
  });

  it('warns about a picture without alt text, never about audio or a document', () => {
    expect(missingAlt(picture({ alt: '  ' }))).toBe(true);
    expect(missingAlt(picture({ alt: 'Boats in the harbour' }))).toBe(false);
    expect(missingAlt(picture({ kind: 'audio', alt: '' }))).toBe(false);
    expect(missingAlt(picture({ kind: 'document', contentType: 'image/png', alt: '' }))).toBe(false);
  });
});

describe('the focal point', () => {
  const box = { left: 100, top: 50, width: 400, height: 200 };

  it('is the click’s place on the picture in whole percents, kept within it', () => {
    expect(focalFromPoint(200, 100, box)).toEqual({ focalX: 25, focalY: 25 });
    expect(focalFromPoint(301, 249, box)).toEqual({ focalX: 50, focalY: 100 });
    expect(focalFromPoint(50, 400, box)).toEqual({ focalX: 0, focalY: 100 });
    expect(focalFromPoint(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ focalX: 50, focalY: 50 });
  });

  it('moves by 5 with the arrow keys, stopping at the edges', () => {
    const focal = { focalX: 50, focalY: 2 };
    expect(focalFromKey('ArrowRight', focal)).toEqual({ focalX: 55, focalY: 2 });
    expect(focalFromKey('ArrowLeft', focal)).toEqual({ focalX: 45, focalY: 2 });
    expect(focalFromKey('ArrowUp', focal)).toEqual({ focalX: 50, focalY: 0 });
    expect(focalFromKey('ArrowDown', focal)).toEqual({ focalX: 50, focalY: 7 });
    expect(focalFromKey('ArrowRight', { focalX: 98, focalY: 0 })).toEqual({ focalX: 100, focalY: 0 });
    expect(focalFromKey('Enter', focal)).toBeNull();
  });
});

describe('the details form', () => {
  it('reads tags typed with commas: trimmed, lower case, each once', () => {
    expect(parseTags(' Sea, boats ,, sea,HARBOUR ')).toEqual(['sea', 'boats', 'harbour']);
    expect(parseTags('')).toEqual([]);
  });

  it('sends only what changed; alt text and focal point only for a picture', () => {
    const item = picture();
    expect(detailsChanges(item, detailsFormOf(item))).toEqual({});
    expect(detailsChanges(item, { ...detailsFormOf(item), tags: 'sea,  boats' })).toEqual({});
    expect(
      detailsChanges(item, { ...detailsFormOf(item), alt: 'Boats', tags: 'boats, sea', focalX: 30, focalY: 70 }),
    ).toEqual({ alt: 'Boats', tags: ['boats', 'sea'], focalX: 30, focalY: 70 });
    const audio = picture({ kind: 'audio' });
    expect(detailsChanges(audio, { ...detailsFormOf(audio), alt: 'x', focalX: 10, title: 'Song' })).toEqual({
      title: 'Song',
    });
  });
});

describe('the upload queue', () => {
  it('refuses a picture over 5 MB and audio over 50 MB before sending, with the server’s words', () => {
    expect(uploadProblem(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(uploadProblem(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).toBe(TOO_LARGE);
    expect(uploadProblem(file('a.mp3', 'audio/mpeg', 50 * 1024 * 1024 + 1))).toBe(AUDIO_TOO_LARGE);
    expect(uploadProblem(file('a.mp3', 'audio/mpeg', 20 * 1024 * 1024))).toBeNull();
    // The server reads the content of a file the browser cannot type.
    expect(uploadProblem(file('a.m4a', '', 60 * 1024 * 1024))).toBeNull();
  });

  it('runs two at a time, in the order chosen', () => {
    let queue = queueUploads([
      file('a.jpg', 'image/jpeg', 10),
      file('big.jpg', 'image/jpeg', 6 * 1024 * 1024),
      file('b.mp3', 'audio/mpeg', 10),
      file('c.png', 'image/png', 10),
    ]);
    expect(queue.map((e) => e.state)).toEqual(['waiting', 'failed', 'waiting', 'waiting']);
    expect(queue[1]?.message).toBe(TOO_LARGE);
    expect(new Set(queue.map((e) => e.key)).size).toBe(4);
    expect(nextUploads(queue).map((e) => e.file.name)).toEqual(['a.jpg', 'b.mp3']);
    const [a, , b] = queue;
    if (!a || !b) throw new Error('queued');
    queue = updateUpload(updateUpload(queue, a.key, { state: 'uploading' }), b.key, { state: 'uploading' });
    expect(nextUploads(queue)).toEqual([]);
    queue = updateUpload(queue, a.key, { state: 'done' });
    expect(nextUploads(queue).map((e) => e.file.name)).toEqual(['c.png']);
  });

  it('offers another try after no answer or a busy server, not after a refusal', () => {
    expect([undefined, 408, 429, 500, 503].map(retryable)).toEqual([true, true, true, true, true]);
    expect([400, 403, 413, 415].map(retryable)).toEqual([false, false, false, false]);
  });
});

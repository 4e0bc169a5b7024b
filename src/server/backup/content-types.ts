/**
 * The Content-Type a restored object is stored with (S3 keeps one per object; a CDN in front of the bucket serves
 * it). Names are server-made, so the extension says what the upload checks found.
 */
import { DOCUMENT_KINDS } from '../media/document-check.ts';
import type { StoreName } from './manifest.ts';

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
};

export function contentTypeOf(store: StoreName, name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (store === 'documents')
    return DOCUMENT_KINDS.find((kind) => kind.extensions.includes(extension))?.type ?? 'application/octet-stream';
  return MEDIA_TYPES[extension] ?? 'application/octet-stream';
}

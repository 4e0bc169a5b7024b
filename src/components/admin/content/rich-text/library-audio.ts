/**
 * An audio file of the media library inside rich text, as one Tiptap node (an atom):
 * <figure><audio controls preload="none" src></audio><figcaption>title</figcaption></figure>, the figcaption only
 * with a title. Stored HTML of that shape loads back into the node and is written out again unchanged.
 */
import { Node } from '@tiptap/react';
import { DOMSerializer } from '@tiptap/pm/model';
import { apiAsset } from '../../../../lib/api/base.ts';
import type { MediaItem } from '../../../../shared/media-library.ts';
import { CENTRE, presentedMediaUrl } from '../../../../shared/media-url.ts';

export interface AudioAttrs {
  src: string;
  caption: string;
}

/** The node's attributes for a library audio file: its URL with the version, its title as the caption. */
export function audioAttrs(item: MediaItem): AudioAttrs {
  return {
    src: presentedMediaUrl(item.address, { version: item.version, focalX: CENTRE, focalY: CENTRE }, false),
    caption: item.title.trim(),
  };
}

function audioSpec(attrs: AudioAttrs, url: (path: string) => string) {
  // Nothing is fetched before the visitor presses play.
  const audio = ['audio', { controls: '', preload: 'none', src: url(attrs.src) }];
  return ['figure', audio, ...(attrs.caption ? [['figcaption', attrs.caption]] : [])] as const;
}

const keep = (path: string) => path;

export const LibraryAudio = Node.create({
  name: 'libraryAudio',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: {
        default: '',
        rendered: false,
        parseHTML: (figure) => figure.querySelector(':scope > audio')?.getAttribute('src') ?? '',
      },
      caption: {
        default: '',
        rendered: false,
        parseHTML: (figure) => figure.querySelector(':scope > figcaption')?.textContent ?? '',
      },
    };
  },

  parseHTML() {
    return [{ tag: 'figure', getAttrs: (figure) => (figure.querySelector(':scope > audio[src]') ? null : false) }];
  },

  renderHTML({ node }) {
    return audioSpec(node.attrs as AudioAttrs, keep);
  },

  addNodeView() {
    // The stored /media/ path plays from the API's origin (or the media CDN), which may not be the admin's.
    return ({ node }) => ({
      dom: DOMSerializer.renderSpec(document, audioSpec(node.attrs as AudioAttrs, apiAsset)).dom,
      // The player's own buttons play and seek; a drag still moves the whole node.
      stopEvent: (event) => event.type !== 'dragstart' && (event.target as Element | null)?.nodeName === 'AUDIO',
    });
  },
});

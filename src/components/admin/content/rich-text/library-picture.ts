/**
 * A picture of the media library inside rich text, as one Tiptap node (an atom: chosen, dragged and deleted whole):
 * <figure><picture><source type="image/avif" srcset sizes><img src alt width height loading="lazy"
 * decoding="async"></picture><figcaption>…</figcaption></figure>, the figcaption only with a caption. Stored HTML of
 * that shape loads back into the node and is written out again unchanged.
 */
import { Node } from '@tiptap/react';
import { DOMSerializer } from '@tiptap/pm/model';
import { apiAsset } from '../../../../lib/api/base.ts';
import { srcSetFor, VARIANT_TYPE } from '../../../../shared/image-variants.ts';
import type { MediaItem } from '../../../../shared/media-library.ts';
import { CENTRE, presentedMediaUrl } from '../../../../shared/media-url.ts';

/** How wide a picture shows in the article column (BlogArticle, PageArticle): the browser's pick from the srcset. */
export const PICTURE_SIZES = '(min-width: 768px) 720px, 100vw';

export interface PictureAttrs {
  src: string;
  srcset: string | null;
  sizes: string | null;
  alt: string;
  width: number | null;
  height: number | null;
  caption: string;
}

/** The node's attributes for a library picture: its URL with the version only (shown whole, no focal point). */
export function pictureAttrs(item: MediaItem, alt: string, caption: string): PictureAttrs {
  const src = presentedMediaUrl(item.address, { version: item.version, focalX: CENTRE, focalY: CENTRE }, false);
  const srcset = srcSetFor(src) ?? null;
  return { src, srcset, sizes: srcset ? PICTURE_SIZES : null, alt, width: item.width, height: item.height, caption };
}

const whole = (value: string | null | undefined) => (value && /^\d{1,5}$/.test(value) ? Number(value) : null);

/** Each srcset candidate's URL through `url`, its descriptor kept. */
export function mapSrcset(srcset: string, url: (path: string) => string): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [path = '', ...descriptors] = candidate.trim().split(/\s+/);
      return [url(path), ...descriptors].join(' ');
    })
    .join(', ');
}

/** The figure for `attrs`, its URLs through `url` (unchanged when stored, on the API's origin in the editor). */
function pictureSpec(attrs: PictureAttrs, url: (path: string) => string) {
  const source = attrs.srcset
    ? [['source', { type: VARIANT_TYPE, srcset: mapSrcset(attrs.srcset, url), sizes: attrs.sizes }]]
    : [];
  const img = [
    'img',
    {
      src: url(attrs.src),
      alt: attrs.alt,
      width: attrs.width,
      height: attrs.height,
      loading: 'lazy',
      decoding: 'async',
    },
  ];
  const caption = attrs.caption ? [['figcaption', attrs.caption]] : [];
  return ['figure', ['picture', ...source, img], ...caption] as const;
}

const keep = (path: string) => path;

export const LibraryPicture = Node.create({
  name: 'libraryPicture',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // Read from the figure's parts and written by renderHTML as a whole, never as attributes of the figure.
    const img = (figure: HTMLElement) => figure.querySelector(':scope > picture > img');
    const source = (figure: HTMLElement) => figure.querySelector(':scope > picture > source');
    return {
      src: { default: '', rendered: false, parseHTML: (figure) => img(figure)?.getAttribute('src') ?? '' },
      srcset: { default: null, rendered: false, parseHTML: (figure) => source(figure)?.getAttribute('srcset') ?? null },
      sizes: { default: null, rendered: false, parseHTML: (figure) => source(figure)?.getAttribute('sizes') ?? null },
      alt: { default: '', rendered: false, parseHTML: (figure) => img(figure)?.getAttribute('alt') ?? '' },
      width: { default: null, rendered: false, parseHTML: (figure) => whole(img(figure)?.getAttribute('width')) },
      height: { default: null, rendered: false, parseHTML: (figure) => whole(img(figure)?.getAttribute('height')) },
      caption: {
        default: '',
        rendered: false,
        parseHTML: (figure) => figure.querySelector(':scope > figcaption')?.textContent ?? '',
      },
    };
  },

  parseHTML() {
    return [{ tag: 'figure', getAttrs: (figure) => (figure.querySelector(':scope > picture > img') ? null : false) }];
  },

  renderHTML({ node }) {
    return pictureSpec(node.attrs as PictureAttrs, keep);
  },

  addNodeView() {
    // The stored /media/ paths load from the API's origin (or the media CDN), which may not be the admin's.
    return ({ node }) => ({
      dom: DOMSerializer.renderSpec(document, pictureSpec(node.attrs as PictureAttrs, apiAsset)).dom,
    });
  },
});

/** What the checks read in a rich text (a post's or page's content): where its links lead and what its pictures say. */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import type { TextPicture } from './check-rules.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value ?? null;

export interface TextFacts {
  hrefs: string[];
  pictures: TextPicture[];
}

export function textFacts(html: string): TextFacts {
  const facts: TextFacts = { hrefs: [], pictures: [] };
  const visit = (node: Node) => {
    for (const child of 'childNodes' in node ? node.childNodes : []) {
      if (isElement(child)) {
        const href = child.tagName === 'a' ? attr(child, 'href') : null;
        if (href !== null) facts.hrefs.push(href);
        const src = child.tagName === 'img' ? attr(child, 'src') : null;
        if (src !== null) facts.pictures.push({ src, alt: attr(child, 'alt') });
      }
      visit(child);
    }
  };
  visit(parseFragment(html));
  return facts;
}

/** What the publish checks read in a rich text: its links' addresses and its pictures' sources and alt text. */
import { describe, expect, it } from 'vitest';
import { textFacts } from '../../src/server/modules/publish-checks/text-facts.ts';

describe('textFacts', () => {
  it('finds links and pictures at any depth, in document order', () => {
    const html = `
      <p>See <a href="/blogs/one">one</a> and <strong><em><a href="https://example.com/two">two</a></em></strong>.</p>
      <ul><li><a href="/shop/mug"><img src="/media/mug.jpg" alt="A mug"></a></li></ul>
      <figure><div><img src="/media/deep.png" alt="Deep"><figcaption><a href="#top">Top</a></figcaption></div></figure>`;
    expect(textFacts(html)).toEqual({
      hrefs: ['/blogs/one', 'https://example.com/two', '/shop/mug', '#top'],
      pictures: [
        { src: '/media/mug.jpg', alt: 'A mug' },
        { src: '/media/deep.png', alt: 'Deep' },
      ],
    });
  });

  it('tells a picture without alt (null) from one with an empty alt (empty text)', () => {
    expect(textFacts('<img src="/media/a.jpg"><img src="/media/b.jpg" alt="">').pictures).toEqual([
      { src: '/media/a.jpg', alt: null },
      { src: '/media/b.jpg', alt: '' },
    ]);
  });

  it('decodes entities in addresses and alt text as a browser would', () => {
    const facts = textFacts(
      '<a href="/search?q=a&amp;page=2">s</a><img src="/media/x.jpg?v=1&amp;w=2" alt="Tom &amp; Jerry">',
    );
    expect(facts.hrefs).toEqual(['/search?q=a&page=2']);
    expect(facts.pictures).toEqual([{ src: '/media/x.jpg?v=1&w=2', alt: 'Tom & Jerry' }]);
  });

  it('ignores an anchor without href, a picture without src, and href or src on other elements', () => {
    const html =
      '<a name="top">Top</a><a id="x">X</a><img alt="No source"><link href="/style.css"><div src="/x.jpg"></div>';
    expect(textFacts(html)).toEqual({ hrefs: [], pictures: [] });
  });

  it('reads upper-case tags and attributes as HTML does', () => {
    expect(textFacts('<A HREF="/about">About</A><IMG SRC="/media/a.jpg" ALT="A">')).toEqual({
      hrefs: ['/about'],
      pictures: [{ src: '/media/a.jpg', alt: 'A' }],
    });
  });

  it('reads malformed HTML without throwing, recovering what a browser would', () => {
    const html =
      '<p><a href="/one">unclosed <img src="/media/a.jpg" alt=A></span></p><a href=/two>two<a href="/three">';
    expect(textFacts(html)).toEqual({
      hrefs: ['/one', '/two', '/three'],
      pictures: [{ src: '/media/a.jpg', alt: 'A' }],
    });
    for (const broken of [
      '<<<a href="/x"',
      '</p></div><img',
      '<a href="/x>',
      '<!-- never closed <a href="/y">',
      '\u0000<a>',
    ])
      expect(() => textFacts(broken)).not.toThrow();
  });

  it('finds nothing in an empty or plain text', () => {
    expect(textFacts('')).toEqual({ hrefs: [], pictures: [] });
    expect(textFacts('Just words, and a /path that is not a link.')).toEqual({ hrefs: [], pictures: [] });
  });
});

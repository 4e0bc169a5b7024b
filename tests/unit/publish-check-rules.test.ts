/** The publish checks' pure rules: own links and where they lead, alt text, picture sizes, lengths, weight, contrast. */
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  contrastFinding,
  hasError,
  leadsSomewhere,
  missingAltText,
  oversizedPictures,
  ownPath,
  pageWeight,
  searchLengths,
  type LiveSite,
} from '../../src/server/modules/publish-checks/check-rules.ts';
import type { CheckFinding } from '../../src/shared/publish-checks.ts';

const HOST = 'example.com';

const site = (paths: string[] = [], redirects: string[] = []): LiveSite => ({
  paths: new Set(paths),
  redirects: new Set(redirects),
});

describe('ownPath', () => {
  it.each([
    ['/blogs/hello', '/blogs/hello'],
    ['  /blogs/hello  ', '/blogs/hello'],
    ['/blogs/hello/', '/blogs/hello'],
    ['/blogs/hello?ref=home#comments', '/blogs/hello'],
    ['/blogs/caf%C3%A9/', '/blogs/café'],
    ['/', '/'],
    ['https://example.com/blogs/hello/', '/blogs/hello'],
    ['http://example.com/shop/mug?variant=2', '/shop/mug'],
    ['HTTPS://EXAMPLE.COM/about', '/about'],
    ['https://example.com', '/'],
    ['//example.com/blogs/hello', '/blogs/hello'],
  ])('reads %j as the site path %j', (href, path) => {
    expect(ownPath(href, HOST)).toBe(path);
  });

  it.each([
    'https://elsewhere.org/blogs/hello',
    'https://example.com.evil.org/blogs/hello',
    'https://example.com:8443/blogs/hello',
    '//elsewhere.org/blogs/hello',
    'mailto:hello@example.com',
    'tel:+15551234567',
    '#comments',
    '',
    'ftp://example.com/blogs/hello',
  ])('does not read %j as a link to one of the site’s pages', (href) => {
    expect(ownPath(href, HOST)).toBeNull();
  });

  it.each([
    '/media/photo.jpg',
    '/api/blogs',
    '/data/blogs.abc123.json',
    '/_astro/app.js',
    '/admin',
    '/admin/',
    '/admin/edit-hero',
    '/admin-dashboard',
    'https://example.com/media/photo.jpg',
  ])('ignores %j, served by the server rather than a page', (href) => {
    expect(ownPath(href, HOST)).toBeNull();
  });

  it('ignores only whole segments: /mediakit and /administration are pages like any other', () => {
    expect(ownPath('/mediakit', HOST)).toBe('/mediakit');
    expect(ownPath('/administration', HOST)).toBe('/administration');
    expect(ownPath('/admin-dashboard/extra', HOST)).toBe('/admin-dashboard/extra');
  });

  it('reads site-relative paths without a site host, and treats every full address as elsewhere', () => {
    expect(ownPath('/blogs/hello', null)).toBe('/blogs/hello');
    expect(ownPath('https://example.com/blogs/hello', null)).toBeNull();
  });
});

describe('leadsSomewhere', () => {
  const live = site(['/blogs/hello', '/about'], ['/2024/05/hello-world']);

  it('leads to a live page and to an old address that redirects', () => {
    expect(leadsSomewhere('/blogs/hello', live)).toBe(true);
    expect(leadsSomewhere('/2024/05/hello-world', live)).toBe(true);
  });

  it('leads nowhere for a path neither live nor redirected', () => {
    expect(leadsSomewhere('/blogs/gone', live)).toBe(false);
  });

  it.each(['/shop/page/2', '/blogs/page/2', '/photos/page/10', '/videos/page/3', '/audio/page/7', '/events/page/99'])(
    'counts the list page %s as live (the build decides how many there are)',
    (path) => {
      expect(leadsSomewhere(path, site())).toBe(true);
    },
  );

  it.each([
    '/blogs/page/0',
    '/blogs/page/02',
    '/blogs/page/x',
    '/blogs/page/2/more',
    '/unknown/page/2',
    '/documents/page/2',
  ])('does not count %s as a list page', (path) => {
    expect(leadsSomewhere(path, site())).toBe(false);
  });
});

describe('brokenLinks', () => {
  const live = site(['/blogs/hello'], ['/old']);

  it('reports one error per distinct link to the site that leads nowhere, naming the link', () => {
    const findings = brokenLinks(['/blogs/gone', '/blogs/hello', '/old', ' /blogs/gone ', '/blogs/gone'], live, HOST);
    expect(findings).toEqual([
      {
        code: 'broken-link',
        severity: 'error',
        message: 'The link to /blogs/gone leads to no page of the site (unpublished, held back or mistyped).',
      },
    ]);
  });

  it('reports differently written links to one missing page each under its own href', () => {
    const findings = brokenLinks(['/blogs/gone', 'https://example.com/blogs/gone/'], live, HOST);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining('/blogs/gone leads'),
      expect.stringContaining('https://example.com/blogs/gone/ leads'),
    ]);
  });

  it('ignores links elsewhere, mail, fragments and the server’s own paths', () => {
    const hrefs = ['https://elsewhere.org/nothing', 'mailto:a@b.c', '#top', '/media/x.jpg', '/api/x', '/admin/x'];
    expect(brokenLinks(hrefs, site(), HOST)).toEqual([]);
  });

  it('finds nothing in a text without links', () => {
    expect(brokenLinks([], live, HOST)).toEqual([]);
  });
});

describe('missingAltText', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['blank', '  \n '],
  ])('flags a picture whose alt text is %s, as an error naming the picture', (_, alt) => {
    expect(missingAltText([{ src: '/media/a.jpg', alt }])).toEqual([
      {
        code: 'alt-text',
        severity: 'error',
        message: 'The picture /media/a.jpg in the text has no alt text: describe it in the media library.',
      },
    ]);
  });

  it('passes a picture with alt text', () => {
    expect(missingAltText([{ src: '/media/a.jpg', alt: 'A red mug' }])).toEqual([]);
  });

  it('reports each picture once, however often the text shows it without alt text', () => {
    const findings = missingAltText([
      { src: '/media/a.jpg', alt: null },
      { src: '/media/b.jpg', alt: 'Described' },
      { src: '/media/a.jpg', alt: '' },
      { src: '/media/c.jpg', alt: ' ' },
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining('/media/a.jpg'),
      expect.stringContaining('/media/c.jpg'),
    ]);
  });
});

describe('oversizedPictures', () => {
  it('passes a picture exactly twice as wide as it is ever shown, and one narrower', () => {
    expect(
      oversizedPictures([
        { src: '/media/a.jpg', width: 3072, shownPx: 1536 },
        { src: '/media/b.jpg', width: 800, shownPx: 1536 },
      ]),
    ).toEqual([]);
  });

  it('warns about a picture more than twice as wide as shown, with both widths', () => {
    expect(oversizedPictures([{ src: '/media/a.jpg', width: 3073, shownPx: 1536 }])).toEqual([
      {
        code: 'oversized-picture',
        severity: 'warning',
        message:
          'The picture /media/a.jpg is 3073 px wide but never shown wider than 1536 px: a smaller copy loads faster.',
      },
    ]);
  });

  it('warns about a picture once, however often it appears', () => {
    const big = { src: '/media/a.jpg', width: 6000, shownPx: 1536 };
    expect(oversizedPictures([big, big, { ...big, shownPx: 2560 }])).toHaveLength(1);
  });
});

describe('searchLengths', () => {
  it('passes a 60-character title and warns about a 61-character one', () => {
    expect(searchLengths('t'.repeat(60), null)).toEqual([]);
    expect(searchLengths('t'.repeat(61), null)).toEqual([
      {
        code: 'title-length',
        severity: 'warning',
        message: 'The title has 61 characters; search results show about 60.',
      },
    ]);
  });

  it('passes a 160-character description and warns about a 161-character one', () => {
    expect(searchLengths('Title', 'd'.repeat(160))).toEqual([]);
    expect(searchLengths('Title', 'd'.repeat(161))).toEqual([
      {
        code: 'description-length',
        severity: 'warning',
        message: 'The description has 161 characters; search results show about 160.',
      },
    ]);
  });

  it('counts an emoji as one character, not as its two UTF-16 units', () => {
    const title = '😀'.repeat(60);
    expect(title).toHaveLength(120);
    expect(searchLengths(title, '😀'.repeat(160))).toEqual([]);
    expect(searchLengths(`${title}😀`, null).map((f) => f.message)).toEqual([
      'The title has 61 characters; search results show about 60.',
    ]);
  });

  it('does not count the spaces around a title or a description', () => {
    expect(searchLengths(`  ${'t'.repeat(60)}  `, ` ${'d'.repeat(160)} `)).toEqual([]);
  });

  it('reports both at once, title first, and nothing for a missing description', () => {
    expect(searchLengths('t'.repeat(61), 'd'.repeat(161)).map((f) => f.code)).toEqual([
      'title-length',
      'description-length',
    ]);
    expect(searchLengths('Short', null)).toEqual([]);
  });
});

describe('pageWeight', () => {
  it('passes a page of exactly 60 KB (60000 bytes) compressed', () => {
    expect(pageWeight('/blogs/hello', 60_000)).toEqual([]);
  });

  it('warns about a page one byte over its budget', () => {
    expect(pageWeight('/blogs/hello', 60_001)).toEqual([
      expect.objectContaining({ code: 'page-bytes', severity: 'warning' }),
    ]);
  });

  it('names the page and its weight in KB with one decimal, rounded up so it never reads as the budget itself', () => {
    expect(pageWeight('/blogs/hello', 61_234).map((f) => f.message)).toEqual([
      'The page /blogs/hello weighs 61.3 KB compressed, over its budget of 60 KB: split or shorten it.',
    ]);
    expect(pageWeight('/blogs/hello', 60_001)[0]?.message).toContain('weighs 60.1 KB');
  });
});

describe('contrastFinding', () => {
  it('passes a contrast of 4.5:1 and above', () => {
    expect(contrastFinding('The title', 4.5)).toEqual([]);
    expect(contrastFinding('The title', 21)).toEqual([]);
  });

  it('finds nothing in a ratio that could not be measured (a stored colour that is no colour)', () => {
    expect(contrastFinding('Text', Number.NaN)).toEqual([]);
  });

  it('flags 4.49:1 as an error naming what is unreadable', () => {
    expect(contrastFinding('The title on the slide’s picture', 4.49)).toEqual([
      {
        code: 'contrast',
        severity: 'error',
        message: 'The title on the slide’s picture reaches only 4.49:1 contrast; WCAG AA needs 4.5:1.',
      },
    ]);
  });

  it('rounds the ratio down, so a failing ratio never reads as 4.50', () => {
    expect(contrastFinding('Text', 4.499)[0]?.message).toContain('only 4.49:1');
    // Float error must not take a hundredth off: 4.35 * 100 is 434.99999999999994.
    expect(contrastFinding('Text', 4.35)[0]?.message).toContain('only 4.35:1');
    expect(contrastFinding('Text', 2.01)[0]?.message).toContain('only 2.01:1');
    expect(contrastFinding('Text', 2.678)[0]?.message).toContain('only 2.67:1');
    expect(contrastFinding('Text', 1)[0]?.message).toContain('only 1.00:1');
  });
});

describe('hasError', () => {
  const warning: CheckFinding = { code: 'title-length', severity: 'warning', message: 'w' };
  const error: CheckFinding = { code: 'broken-link', severity: 'error', message: 'e' };

  it('is true when any finding is an error, false for warnings only or none', () => {
    expect(hasError([warning, error])).toBe(true);
    expect(hasError([warning, warning])).toBe(false);
    expect(hasError([])).toBe(false);
  });
});

/** Which checked items are held back: their own errors, then links to missing or held pages, until nothing changes. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/server/modules/publish-checks/publish-checks.service.ts';
import type { CheckedKind, CheckFinding } from '../../src/shared/publish-checks.ts';

type Candidate = Parameters<typeof evaluate>[0][number];

const HOST = 'example.com';
const NO_REDIRECTS: ReadonlySet<string> = new Set();

const altError: CheckFinding = { code: 'alt-text', severity: 'error', message: 'The picture /media/a.jpg …' };
const titleWarning: CheckFinding = { code: 'title-length', severity: 'warning', message: 'The title has 61 …' };

const PATHS: Record<CheckedKind, (id: string) => string | null> = {
  blog: (id) => `/blogs/${id}`,
  page: (id) => `/pages/${id}`,
  product: (id) => `/shop/${id}`,
  event: (id) => `/events/${id}`,
  audio: (id) => `/audio/${id}`,
  slide: () => null,
  theme: () => null,
};

/** A candidate of `kind` named `id`, at the path the site gives that kind. */
function candidate(kind: CheckedKind, id: string, over: Partial<Omit<Candidate, 'item'>> = {}): Candidate {
  return {
    item: { kind, id, title: `Title of ${id}`, path: PATHS[kind](id), fixHref: `/admin/fix/${id}` },
    hrefs: [],
    own: [],
    ...over,
  };
}

const run = (candidates: Candidate[], redirects = NO_REDIRECTS) => evaluate(candidates, redirects, HOST);
const heldIds = (candidates: Candidate[], redirects = NO_REDIRECTS) =>
  run(candidates, redirects)
    .filter((r) => r.held)
    .map((r) => r.id);
const codes = (result: { findings: CheckFinding[] } | undefined) => result?.findings.map((f) => f.code);

describe('evaluate', () => {
  it('returns every candidate with its fields, its findings and whether it is held, in order', () => {
    const clean = candidate('blog', 'clean', { own: [titleWarning] });
    expect(run([clean, candidate('theme', 'theme')])).toEqual([
      { ...clean.item, findings: [titleWarning], held: false },
      {
        kind: 'theme',
        id: 'theme',
        title: 'Title of theme',
        path: null,
        fixHref: '/admin/fix/theme',
        findings: [],
        held: false,
      },
    ]);
  });

  it.each(['blog', 'page', 'slide', 'theme'] as const)('holds a %s with an error of its own', (kind) => {
    const results = run([candidate(kind, 'x', { own: [altError] })]);
    expect(results).toEqual([expect.objectContaining({ kind, held: true, findings: [altError] })]);
  });

  it('does not hold an item whose findings are warnings only', () => {
    expect(
      heldIds([candidate('blog', 'b', { own: [titleWarning] }), candidate('product', 'p', { own: [titleWarning] })]),
    ).toEqual([]);
  });

  it.each(['product', 'event', 'audio'] as const)('reports an error of a %s but never holds it', (kind) => {
    const results = run([candidate(kind, 'x', { own: [altError], hrefs: ['/nowhere'] })]);
    expect(results).toEqual([expect.objectContaining({ kind, held: false })]);
    expect(codes(results[0])).toEqual(['alt-text', 'broken-link']);
  });

  it('adds a broken-link error after the item’s own findings, and holds the item for it', () => {
    const results = run([candidate('blog', 'b', { own: [titleWarning], hrefs: ['/nowhere', '/about'] })]);
    expect(results[0]?.held).toBe(true);
    expect(results[0]?.findings).toEqual([
      titleWarning,
      {
        code: 'broken-link',
        severity: 'error',
        message: 'The link to /nowhere leads to no page of the site (unpublished, held back or mistyped).',
      },
    ]);
  });

  it('holds along a chain of links until nothing changes: A → B → C → a missing page holds all three', () => {
    // Listed so that one pass in order could not see it: each link points to an item later in the list.
    const a = candidate('page', 'a', { hrefs: ['/blogs/b'] });
    const b = candidate('blog', 'b', { hrefs: ['https://example.com/blogs/c/'] });
    const c = candidate('blog', 'c', { hrefs: ['/blogs/missing'] });
    const bystander = candidate('blog', 'd', { hrefs: ['/pages/e'] });
    const e = candidate('page', 'e');
    const results = run([a, b, c, bystander, e]);
    expect(results.filter((r) => r.held).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.findings.map((f) => f.message.split(' leads')[0]))).toEqual([
      ['The link to /blogs/b'],
      ['The link to https://example.com/blogs/c/'],
      ['The link to /blogs/missing'],
      [],
      [],
    ]);
  });

  it('reports a link to a held item as broken, and holds the linking item too', () => {
    const held = candidate('blog', 'held', { own: [altError] });
    const linking = candidate('page', 'linking', { hrefs: ['/blogs/held'] });
    const results = run([linking, held]);
    expect(results.map((r) => [r.id, r.held, codes(r)])).toEqual([
      ['linking', true, ['broken-link']],
      ['held', true, ['alt-text']],
    ]);
  });

  it('never counts a held item’s page as live, even when items hold each other in a cycle', () => {
    const a = candidate('blog', 'a', { hrefs: ['/blogs/b'], own: [altError] });
    const b = candidate('blog', 'b', { hrefs: ['/blogs/a'] });
    const product = candidate('product', 'p', { hrefs: ['/blogs/a', '/blogs/b'] });
    const results = run([a, b, product]);
    expect(results.map((r) => [r.id, r.held, codes(r)])).toEqual([
      ['a', true, ['alt-text', 'broken-link']],
      ['b', true, ['broken-link']],
      ['p', false, ['broken-link', 'broken-link']],
    ]);
  });

  it('counts links to items that are not held, fixed pages and list pages as live', () => {
    const linking = candidate('blog', 'linking', {
      hrefs: ['/shop/mug', '/events/party', '/audio/song', '/pages/about-us', '/', '/contact', '/blogs/page/2'],
    });
    const results = run([
      linking,
      candidate('product', 'mug', { own: [altError] }),
      candidate('event', 'party'),
      candidate('audio', 'song'),
      candidate('page', 'about-us', { own: [titleWarning] }),
    ]);
    expect(results.map((r) => r.held)).toEqual([false, false, false, false, false]);
    expect(codes(results[0])).toEqual([]);
  });

  it('makes an event’s calendar file live beside its page, and only an event’s', () => {
    const linking = candidate('blog', 'linking', { hrefs: ['/events/party.ics', '/blogs/other.ics'] });
    const results = run([linking, candidate('event', 'party'), candidate('blog', 'other')]);
    expect(results[0]?.findings.map((f) => f.message)).toEqual([expect.stringContaining('/blogs/other.ics')]);
  });

  it('counts an old address that redirects as live', () => {
    const linking = candidate('blog', 'linking', { hrefs: ['/2024/05/hello-world/', '/2024/06/gone'] });
    const results = run([linking], new Set(['/2024/05/hello-world']));
    expect(results[0]?.findings.map((f) => f.message)).toEqual([expect.stringContaining('/2024/06/gone')]);
  });

  it('checks full addresses on the site’s host only', () => {
    const linking = candidate('slide', 's', {
      hrefs: ['https://elsewhere.org/nowhere', 'https://example.com/nowhere'],
    });
    const results = run([linking]);
    expect(results[0]?.held).toBe(true);
    expect(results[0]?.findings.map((f) => f.message)).toEqual([
      expect.stringContaining('https://example.com/nowhere'),
    ]);
    expect(evaluate([linking], NO_REDIRECTS, null)[0]?.findings).toEqual([]);
  });
});

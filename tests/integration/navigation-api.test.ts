/**
 * The site's menus with the real app and database (SEED=none: every section empty): the defaults resolved for
 * visitors, a published item bringing its section back, the admin's save (reorder, rename, hide, custom and page
 * links) replacing a whole menu with an audit entry and a rebuild request, and the refusals (unsafe links, bad input,
 * no admin) that change nothing.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_SECTIONS,
  NAV_LINKS,
  QUICK_LINKS,
  type AdminNavigation,
  type MenuItem,
  type PublicNavigation,
} from '../../src/shared/navigation.ts';
import type { AdminPage } from '../../src/shared/pages.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { expectSentence } from '../helpers/sentence.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;

/** Signed as the admin unless the call names a token ('' or null: none). */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = <B = ApiBody>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const publicNavigation = async () => {
  const answer = await call<PublicNavigation>('GET', '/api/navigation', { token: '' });
  expect(answer.status).toBe(200);
  return answer.body;
};
const adminNavigation = async () => {
  const answer = await call<AdminNavigation>('GET', '/api/admin/navigation');
  expect(answer.status).toBe(200);
  return answer.body;
};
const save = (menu: string, items: unknown) => call('PUT', `/api/admin/navigation/${menu}`, { body: { items } });
const labels = (links: { label: string }[]) => links.map((link) => link.label);

async function createPage(title: string, published: boolean): Promise<AdminPage> {
  const answer = await call<{ page: AdminPage }>('POST', '/api/admin/pages', {
    body: { title, content: `<p>${title}</p>`, published },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.page;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('nina');
});

// In order: the first tests read the new site, the later ones change it.
describe('a new site', () => {
  it('leaves the empty sections out of the default menus and keeps Home, About and Contact', async () => {
    expect(await publicNavigation()).toEqual({
      header: [{ href: '/', label: 'Home' }],
      footer: [
        { href: '/', label: 'Home' },
        { href: '/about', label: 'About' },
        { href: '/contact', label: 'Contact' },
      ],
      emptySections: [...CONTENT_SECTIONS],
    });
  });

  it('shows the admin the spec lists as the menus, every link automatic', async () => {
    const navigation = await adminNavigation();
    expect(navigation.header.map((item) => [item.label, item.visibility])).toEqual(
      NAV_LINKS.map((link) => [link.label, 'auto']),
    );
    expect(labels(navigation.footer)).toEqual(QUICK_LINKS.map((link) => link.label));
    expect(navigation.emptySections).toEqual([...CONTENT_SECTIONS]);
    expect(navigation.pages).toEqual([]);
  });

  it('brings a section back once it has a published item, and not for a draft', async () => {
    const draft = await call('POST', '/api/admin/blogs', {
      body: { title: 'Harbour notes', content: '<p>Soon</p>', published: false },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(labels((await publicNavigation()).header)).toEqual(['Home']);

    const live = await call('POST', '/api/admin/blogs', {
      body: { title: 'Harbour news', content: '<p>Out now</p>', published: true },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(201);
    const navigation = await publicNavigation();
    expect(navigation.header).toEqual([
      { href: '/', label: 'Home' },
      { href: '/blogs', label: 'Blogs' },
    ]);
    expect(navigation.emptySections).not.toContain('blogs');
  });
});

describe('the admin saves a menu', () => {
  it('reorders, renames, hides and adds custom and page links; visitors get them resolved', async () => {
    const terms = await createPage('Terms of trade', true);
    const draft = await createPage('Opening soon', false);
    const items: MenuItem[] = [
      { kind: 'section', section: 'blogs', label: 'Journal', visibility: 'auto' },
      { kind: 'section', section: 'home', label: 'Start', visibility: 'auto' },
      { kind: 'section', section: 'shop', label: 'Shop', visibility: 'hidden' },
      { kind: 'section', section: 'videos', label: 'Films', visibility: 'always' },
      { kind: 'section', section: 'photos', label: 'Photos', visibility: 'auto' },
      { kind: 'link', url: '/contact#form', label: 'Write to us', visibility: 'auto' },
      { kind: 'link', url: 'https://partners.example.com/list', label: 'Partners', visibility: 'always' },
      { kind: 'page', page: terms._id, label: 'Terms', visibility: 'auto' },
      { kind: 'page', page: draft._id, label: 'Soon', visibility: 'always' },
    ];
    await t.deps.rebuilds.settled();
    const answer = await save('header', items);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Header menu saved');
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);

    const stored = await adminNavigation();
    expect(stored.header).toEqual(items);
    expect(stored.pages.map((page) => [page.title, page.published])).toEqual([
      ['Opening soon', false],
      ['Terms of trade', true],
    ]);
    // The footer was not saved: still the defaults.
    expect(labels(stored.footer)).toEqual(QUICK_LINKS.map((link) => link.label));

    expect((await publicNavigation()).header).toEqual([
      { href: '/blogs', label: 'Journal' },
      { href: '/', label: 'Start' },
      { href: '/videos', label: 'Films' },
      { href: '/contact#form', label: 'Write to us' },
      { href: 'https://partners.example.com/list', label: 'Partners' },
      { href: `/pages/${terms.slug}/`, label: 'Terms' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'summary'])
      .where('action', '=', 'navigation.update')
      .execute();
    expect(audit).toEqual([
      { action: 'navigation.update', target_id: 'header', summary: 'Header menu saved (9 links)' },
    ]);
  });

  it('keeps a saved empty menu empty instead of falling back to the defaults', async () => {
    expect((await save('footer', [])).status).toBe(200);
    expect((await publicNavigation()).footer).toEqual([]);
    expect((await adminNavigation()).footer).toEqual([]);
  });

  it('replaces the whole menu on the next save, in the new order', async () => {
    const items: MenuItem[] = [
      { kind: 'section', section: 'contact', label: 'Contact', visibility: 'auto' },
      { kind: 'section', section: 'about', label: 'About us', visibility: 'auto' },
    ];
    expect((await save('footer', items)).status).toBe(200);
    expect((await publicNavigation()).footer).toEqual([
      { href: '/contact', label: 'Contact' },
      { href: '/about', label: 'About us' },
    ]);
  });
});

describe('refusals change nothing', () => {
  const link = (url: string) => [{ kind: 'link', url, label: 'Bad', visibility: 'always' }];

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    '//evil.example.com/path',
    '/\\evil.example.com',
    'http://plain.example.com',
    'data:text/html,<script>alert(1)</script>',
    'evil.example.com',
  ])('refuses the unsafe link %j with a sentence naming the address', async (url) => {
    const before = await adminNavigation();
    const answer = await save('header', link(url));
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('items.0.url');
    expectSentence(answer.body.message, 'items.0.url');
    expect(answer.body.message).toBe('Link 1 address must be a site path starting with / or an https:// address.');
    expect(await adminNavigation()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    [
      'too many links',
      Array.from({ length: 13 }, () => ({ kind: 'section', section: 'home', label: 'Home' })),
      'items',
    ],
    ['a label too long', [{ kind: 'section', section: 'home', label: 'x'.repeat(41) }], 'items.0.label'],
    ['an empty label', [{ kind: 'section', section: 'home', label: '  ' }], 'items.0.label'],
    ['an unknown section', [{ kind: 'section', section: 'forum', label: 'Forum' }], 'items.0.section'],
    ['an unknown kind', [{ kind: 'menu', label: 'More' }], 'items.0.kind'],
    [
      'an unknown visibility',
      [{ kind: 'section', section: 'home', label: 'Home', visibility: 'soon' }],
      'items.0.visibility',
    ],
    ['a page that does not exist', [{ kind: 'page', page: 'no-such-page', label: 'Gone' }], 'items.0.page'],
    ['no list', 'header', 'items'],
  ])('refuses %s with 400 and a sentence', async (_, items, field) => {
    const before = await adminNavigation();
    const answer = await save('header', items);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expectSentence(answer.body.message, field);
    expect(await adminNavigation()).toEqual(before);
  });

  it('answers malformed JSON and a body that is no object with 400', async () => {
    const malformed = await call('PUT', '/api/admin/navigation/header', { body: '{"items": [' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    const list = await call('PUT', '/api/admin/navigation/header', { body: [] });
    expect(list.status).toBe(400);
    expect(list.body.field).toBe('body');
  });

  it('answers an unknown menu with 404', async () => {
    const answer = await save('sidebar', []);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Menu not found');
  });

  it('lets only an admin read or save the menus; anyone reads the public ones', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { items: [] }],
    ] as const) {
      const path = method === 'GET' ? '/api/admin/navigation' : '/api/admin/navigation/header';
      expect((await call(method, path, { token: '', body })).status).toBe(401);
      expect((await call(method, path, { token: customer, body })).status).toBe(403);
    }
    expect((await call('GET', '/api/navigation', { token: customer })).status).toBe(200);
    const header = (await publicNavigation()).header;
    assert(header.length > 0, 'the header kept its links');
  });
});

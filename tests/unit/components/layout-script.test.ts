/**
 * The public layout's page script (lib/browser/layout.ts) in a settings preview: a link's parameter, or the token the tab keeps, has it load
 * the branding applier instead of checking whether branding changed since the build; the applier keeps the link for
 * the tab, takes it off the address, asks for the draft settings and shows them under its banner, or the refusal.
 * Without a preview, the conditional company check as before; and the signed-in header's marks, which share the
 * script's few bytes. The script runs on import: each test imports it afresh.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import { PREVIEW_EXPIRED, type PreviewAnswer } from '../../../src/shared/drafts.ts';
import { SETTINGS_PREVIEW_BANNER, SITE_PREVIEW_PARAM } from '../../../src/shared/site-preview.ts';

// The page script loads the applier and the toggle's code by URL: here the applier's source, and a stand-in for the
// toggle's, which needs a laid-out page.
vi.mock('../../../src/lib/browser/standalone-urls.ts', () => ({
  brandingApplierUrl: '/src/lib/browser/apply-branding.ts',
  togglePlacementUrl: '/src/lib/browser/toggle-placement.ts',
  learnRoleUrl: '/src/lib/browser/learn-role.ts',
}));
vi.mock('../../../src/lib/browser/toggle-placement.ts', () => ({ keepToggleClear: vi.fn() }));

const ANSWER: PreviewAnswer = {
  type: 'company',
  draft: true,
  published: true,
  expiresAt: '2026-12-04T09:30:00.000Z',
  item: withCompanyDefaults({ name: 'Harbour & Sons' }),
};

const PAGE = `
<header class="fixed inset-x-0 top-0"><a href="/"><span data-brand="name">Harbour Co</span></a></header>
<main><h1>Welcome</h1></main>`;

interface Answer {
  status: number;
  body?: unknown;
}
let fetchMock: Mock<typeof fetch>;

const pathOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    .pathname;

/** The API as the page script meets it: the preview or the company check answered as given, the page view taken. */
function stubApi(answers: { preview?: Answer; company?: Answer }) {
  fetchMock = vi.fn<typeof fetch>((input) => {
    const path = pathOf(input);
    const answer = path.startsWith('/api/preview/')
      ? answers.preview
      : path === '/api/company'
        ? answers.company
        : { status: 204 };
    const { status, body } = answer ?? { status: 500 };
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
}

/** The page script run on the page at `url`, up to its work after the first paint. */
async function runPageScript(url: string): Promise<void> {
  history.replaceState(null, '', url);
  vi.resetModules();
  await import('../../../src/lib/browser/layout.ts');
  // A browser that reports no first paint runs that work after a second.
  await vi.advanceTimersByTimeAsync(1000);
}

/** The requests the page script made for the settings: their paths and If-None-Match. */
const settingsRequests = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      path: pathOf(input),
      ifNoneMatch: new Headers(init?.headers).get('If-None-Match'),
    }))
    .filter(({ path }) => path !== '/api/analytics/view');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  document.body.innerHTML = PAGE;
  // The web font is on already (its switch needs the browser's font list, which jsdom has not).
  document.documentElement.classList.add('wf');
  document.documentElement.dataset['companyEtag'] = '"built"';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-company-etag');
  document.documentElement.removeAttribute('style');
});

describe('the page script with a settings preview link', () => {
  it('keeps the link for the tab, takes it off the address and shows the site with the draft settings', async () => {
    stubApi({ preview: { status: 200, body: ANSWER } });
    await runPageScript(`/?utm_source=mail&${SITE_PREVIEW_PARAM}=abc%2Fdef.ghi#story`);
    await vi.waitFor(() => expect(screen.getByRole('complementary', { name: 'Preview' })).toBeTruthy());
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/?utm_source=mail#story');
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBe('abc/def.ghi');
    expect(screen.getByRole('complementary', { name: 'Preview' }).textContent).toContain(SETTINGS_PREVIEW_BANNER);
    expect(document.querySelector('[data-brand="name"]')?.textContent).toBe('Harbour & Sons');
    // The draft settings, whatever the page was built with: not the company check against the build's ETag.
    expect(settingsRequests()).toEqual([{ path: '/api/preview/abc%2Fdef.ghi', ifNoneMatch: null }]);
  });

  it('shows the draft settings on every page the tab visits after', async () => {
    sessionStorage.setItem(SITE_PREVIEW_PARAM, 'abc.def.ghi');
    stubApi({ preview: { status: 200, body: ANSWER } });
    await runPageScript('/about');
    await vi.waitFor(() => expect(document.querySelector('[data-brand="name"]')?.textContent).toBe('Harbour & Sons'));
    expect(settingsRequests()).toEqual([{ path: '/api/preview/abc.def.ghi', ifNoneMatch: null }]);
    expect(location.pathname + location.search).toBe('/about');
  });

  it('hands a refused link to the applier, which says why and leaves the preview', async () => {
    sessionStorage.setItem(SITE_PREVIEW_PARAM, 'abc.def.ghi');
    stubApi({ preview: { status: 404, body: { message: PREVIEW_EXPIRED } } });
    await runPageScript('/shop');
    await vi.waitFor(() =>
      expect(screen.getByRole('complementary', { name: 'Preview' }).textContent).toContain(PREVIEW_EXPIRED),
    );
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
    expect(document.querySelector('[data-brand="name"]')?.textContent).toBe('Harbour Co');
  });
});

describe('the page script without a preview', () => {
  it('asks only whether branding changed since the build, and shows no banner', async () => {
    stubApi({ company: { status: 304 } });
    await runPageScript('/');
    await vi.waitFor(() => expect(settingsRequests()).toEqual([{ path: '/api/company', ifNoneMatch: '"built"' }]));
    expect(sessionStorage.getItem(SITE_PREVIEW_PARAM)).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Preview' })).toBeNull();
  });
});

describe('the page script for a signed-in visitor', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-auth');
    document.documentElement.removeAttribute('data-role');
  });

  it('marks the page signed in with the role remembered at sign-in, and signed out again when another tab logs out', async () => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('role', 'admin');
    stubApi({ company: { status: 304 } });
    await runPageScript('/');
    const root = document.documentElement;
    expect([root.getAttribute('data-auth'), root.getAttribute('data-role')]).toEqual(['in', 'admin']);

    localStorage.clear();
    dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect([root.hasAttribute('data-auth'), root.hasAttribute('data-role')]).toEqual([false, false]);
  });
});

/**
 * The Publish checks screen (/admin/publish-checks): the summary with its times, one card per item with findings (held
 * back first, with the badge and the note, each finding with its severity), the links to the site and to the fixing
 * screen, the empty and not-yet-run states, and "Check now" reading the report again until the new run's is in. The
 * endpoint functions answer from memory.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, assert, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import PublishChecks from '../../../src/components/admin/publish-checks/PublishChecks.tsx';
import { fetchPublishChecks, runPublishChecks } from '../../../src/lib/api/admin/publish-checks.ts';
import {
  HELD_NOTE,
  PUBLISH_CHECKS_STARTED,
  type CheckedItem,
  type PublishCheckReport,
} from '../../../src/shared/publish-checks.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, deferred, watchConsoleErrors } from './helpers/browser.ts';

// The screen past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/publish-checks.ts', () => ({
  fetchPublishChecks: vi.fn(),
  runPublishChecks: vi.fn(),
}));

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.useRealTimers();
  vi.resetAllMocks();
  vi.restoreAllMocks();
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

const HELD: CheckedItem = {
  kind: 'blog',
  id: 'b1',
  title: 'Spring menu',
  path: '/blogs/spring-menu',
  fixHref: '/admin/content?tab=Blogs&q=Spring%20menu',
  held: true,
  findings: [
    { code: 'title-length', severity: 'warning', message: 'The title is 72 characters; search results show about 60.' },
    { code: 'alt-text', severity: 'error', message: 'The picture lamb.jpg has no alt text.' },
  ],
};
const WARNED: CheckedItem = {
  kind: 'product',
  id: 'p1',
  title: 'Blue mug',
  path: '/shop/blue-mug',
  fixHref: '/admin/manage-products?q=Blue%20mug',
  held: false,
  findings: [
    {
      code: 'oversized-picture',
      severity: 'warning',
      message: 'mug.jpg is 4000 px wide; it is never shown wider than 800 px.',
    },
  ],
};
const THEME: CheckedItem = {
  kind: 'theme',
  id: 'theme',
  title: 'Site theme',
  path: null,
  fixHref: '/admin/theme-settings',
  held: false,
  findings: [
    { code: 'contrast', severity: 'error', message: 'Button text on the button colour is 2.9:1; 4.5:1 is needed.' },
  ],
};

const REPORT: PublishCheckReport = {
  checkedAt: '2026-12-01T09:30:00.000Z',
  pagesMeasuredAt: '2026-12-01T09:32:00.000Z',
  checked: 42,
  items: [WARNED, THEME, HELD],
};
const CLEAN: PublishCheckReport = { ...REPORT, pagesMeasuredAt: null, items: [] };

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The screen's notice line (NoticeLine). */
const notice = () => screen.getAllByRole('status').find((el) => el.className.includes('min-h-5'));
const summary = () => document.querySelector('[data-summary]')?.textContent;
/** The card of one item, by kind and id. */
function card(key: string): HTMLElement {
  const li = document.querySelector<HTMLElement>(`[data-item="${key}"]`);
  assert(li, `no card for ${key}`);
  return li;
}
/** Lets the answers already given arrive (under the test's clock). */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

async function renderScreen(report: PublishCheckReport) {
  vi.mocked(fetchPublishChecks).mockResolvedValue(report);
  render(<PublishChecks />);
  await screen.findByText(/items? checked|have not run/);
}

describe('the Publish checks screen', () => {
  it('sums the report up with when it ran and when the pages were weighed', async () => {
    await renderScreen(REPORT);
    const region = screen.getByRole('region', { name: 'Publish checks' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Publish checks' })).toBeTruthy();
    expect(region.textContent).toContain(
      'Every rebuild checks what it publishes. Errors (missing alt text, broken links, unreadable colours) hold an item back until they are fixed; the rest of the site still goes out. Warnings are shown here and publish.',
    );
    expect(summary()).toBe('42 items checked: 1 held back, 2 errors, 2 warnings.');
    expect(
      within(region).getByText('Last checked Dec 1, 2026, 9:30 AM UTC. Page sizes measured Dec 1, 2026, 9:32 AM UTC.'),
    ).toBeTruthy();
    expect(button('Check now').disabled).toBe(false);
  });

  it('shows the held item first with its badge and note, and each finding with its severity, errors first', async () => {
    await renderScreen(REPORT);
    const list = screen.getByRole('list', { name: 'Items with findings' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Spring menu', 'Site theme', 'Blue mug']);

    const held = card('blog:b1');
    expect(within(held).getByText('Post')).toBeTruthy();
    expect(held.querySelector('[data-badge="held"]')?.textContent).toBe('Held back');
    expect(within(held).getByText(HELD_NOTE)).toBeTruthy();
    const findings = within(within(held).getByRole('list', { name: 'Findings for Spring menu' })).getAllByRole(
      'listitem',
    );
    expect(findings.map((li) => li.textContent)).toEqual([
      'ErrorMissing alt textThe picture lamb.jpg has no alt text.',
      'WarningTitle too long for search resultsThe title is 72 characters; search results show about 60.',
    ]);
    expect(findings[0]?.querySelector('[data-badge="error"]')?.className).toContain('text-red-800');
    expect(findings[1]?.querySelector('[data-badge="warning"]')?.className).toContain('text-amber-800');
    expect(within(findings[0] ?? held).getByText('Missing alt text').tagName).toBe('STRONG');

    const warned = card('product:p1');
    expect(warned.querySelector('[data-badge="held"]')).toBeNull();
    expect(within(warned).queryByText(HELD_NOTE)).toBeNull();
    expect(within(warned).getByText('Product')).toBeTruthy();
    expect(within(warned).getByText('Picture far larger than shown')).toBeTruthy();
  });

  it('links each item to the screen that fixes it, and to its page on the site where it has one', async () => {
    await renderScreen(REPORT);
    const fix = screen.getByRole<HTMLAnchorElement>('link', { name: 'Fix Spring menu' });
    expect(fix.getAttribute('href')).toBe('/admin/content?tab=Blogs&q=Spring%20menu');
    expect(fix.textContent).toBe('Fix Spring menu');
    expect(screen.getByRole('link', { name: 'Fix Blue mug' }).getAttribute('href')).toBe(
      '/admin/manage-products?q=Blue%20mug',
    );
    const view = screen.getByRole<HTMLAnchorElement>('link', { name: /^View Spring menu on site/ });
    expect(view.getAttribute('href')).toBe('/blogs/spring-menu');
    expect(view.target).toBe('_blank');
    // The theme is seen everywhere and nowhere in particular: a Fix link alone.
    const theme = card('theme:theme');
    expect(
      within(theme)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/theme-settings']);
  });

  it('says there is nothing to fix when every checked item passes', async () => {
    await renderScreen(CLEAN);
    expect(summary()).toBe('42 items checked: nothing to fix.');
    expect(screen.getByText('Nothing to fix: every checked item passes.')).toBeTruthy();
    expect(screen.getByText('Last checked Dec 1, 2026, 9:30 AM UTC. Page sizes not measured yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Items with findings' })).toBeNull();
  });

  it('says the checks have not run yet before their first run, without claiming all is well', async () => {
    await renderScreen({ checkedAt: null, pagesMeasuredAt: null, checked: 0, items: [] });
    expect(summary()).toBe('The checks have not run yet.');
    expect(screen.getByText('Page sizes not measured yet.')).toBeTruthy();
    expect(screen.queryByText(/Last checked/)).toBeNull();
    expect(screen.queryByText('Nothing to fix: every checked item passes.')).toBeNull();
  });

  it('shows why the report could not be read, with Retry', async () => {
    vi.mocked(fetchPublishChecks).mockRejectedValueOnce(apiError(500, { message: 'The server is busy.' }));
    render(<PublishChecks />);
    expect((await screen.findByRole('alert')).textContent).toContain('The server is busy.');
    vi.mocked(fetchPublishChecks).mockResolvedValue(CLEAN);
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('Nothing to fix: every checked item passes.')).toBeTruthy();
  });

  it('runs the checks on Check now, says so, and reads the report every 2 s until the new run’s is in', async () => {
    await renderScreen(REPORT);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sent = deferred<{ message: string }>();
    vi.mocked(runPublishChecks).mockReturnValue(sent.promise);
    vi.mocked(fetchPublishChecks).mockClear();

    fireEvent.click(button('Check now'));
    expect(runPublishChecks).toHaveBeenCalledTimes(1);
    expect(runPublishChecks).toHaveBeenCalledWith();
    expect(button('Checking…').disabled).toBe(true);
    expect(button('Checking…').getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      sent.resolve({ message: PUBLISH_CHECKS_STARTED });
      await sent.promise;
    });
    const line = notice();
    expect(line?.textContent).toBe(PUBLISH_CHECKS_STARTED);
    expect(line?.getAttribute('role')).toBe('status');
    expect(button('Checking…').disabled).toBe(true);

    // The first read still finds the last run's report: the screen waits on.
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(fetchPublishChecks).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchPublishChecks).toHaveBeenCalledTimes(1);
    await flush();
    expect(button('Checking…').disabled).toBe(true);

    const next: PublishCheckReport = { ...CLEAN, checkedAt: '2026-12-01T09:40:00.000Z' };
    vi.mocked(fetchPublishChecks).mockResolvedValue(next);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchPublishChecks).toHaveBeenCalledTimes(2);
    await flush();
    expect(summary()).toBe('42 items checked: nothing to fix.');
    expect(screen.getByText('Last checked Dec 1, 2026, 9:40 AM UTC. Page sizes not measured yet.')).toBeTruthy();
    expect(notice()?.textContent).toBe('Checked again. 42 items checked: nothing to fix.');
    expect(button('Check now').disabled).toBe(false);
    // Nothing more is read once the new report is in.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchPublishChecks).toHaveBeenCalledTimes(2);
  });

  it('stops waiting after about 20 s and says the report shown is the last one', async () => {
    await renderScreen(REPORT);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(runPublishChecks).mockResolvedValue({ message: PUBLISH_CHECKS_STARTED });
    vi.mocked(fetchPublishChecks).mockClear();
    await act(() => Promise.resolve(fireEvent.click(button('Check now'))));
    await flush();
    // A read that fails counts as a try like the others.
    vi.mocked(fetchPublishChecks).mockRejectedValueOnce(apiError(503));
    for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchPublishChecks).toHaveBeenCalledTimes(10);
    expect(notice()?.textContent).toContain('The checks are taking longer than usual.');
    expect(button('Check now').disabled).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchPublishChecks).toHaveBeenCalledTimes(10);
  });

  it('says so when the checks cannot be started, and lets the admin try again', async () => {
    await renderScreen(REPORT);
    vi.mocked(runPublishChecks).mockRejectedValueOnce(apiError(403, { error: 'Admins only.' }));
    await act(() => Promise.resolve(fireEvent.click(button('Check now'))));
    expect(notice()?.textContent).toBe('The checks could not be started. Please try again.');
    expect(notice()?.className).toContain('text-red-700');
    expect(button('Check now').disabled).toBe(false);
  });
});

/**
 * The Theme screen's note while the publish checks hold the saved colours back: shown with what failed and a link to
 * the report when the theme is held, absent when it is not (or the report cannot be read).
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HeldThemeNote, { HELD_THEME_TEXT } from '../../../src/components/admin/theme/HeldThemeNote.tsx';
import { fetchPublishChecks } from '../../../src/lib/api/admin/publish-checks.ts';
import type { CheckedItem, PublishCheckReport } from '../../../src/shared/publish-checks.ts';

vi.mock('../../../src/lib/api/admin/publish-checks.ts', () => ({ fetchPublishChecks: vi.fn() }));
afterEach(() => vi.resetAllMocks());

const THEME: CheckedItem = {
  kind: 'theme',
  id: 'theme',
  title: 'Theme colours',
  path: null,
  fixHref: '/admin/theme-settings',
  held: true,
  findings: [
    {
      code: 'contrast',
      severity: 'error',
      message: 'Text on the secondary colour in the light theme reaches only 1.12:1 contrast; WCAG AA needs 4.5:1.',
    },
  ],
};
const report = (items: CheckedItem[]): PublishCheckReport => ({
  checkedAt: '2026-12-03T10:00:00.000Z',
  pagesMeasuredAt: null,
  checked: 12,
  items,
});

describe('HeldThemeNote', () => {
  it('tells why visitors see other colours, what failed, and links to the report', async () => {
    vi.mocked(fetchPublishChecks).mockResolvedValue(report([THEME]));
    render(<HeldThemeNote />);
    expect(await screen.findByText(HELD_THEME_TEXT)).toBeTruthy();
    expect(screen.getByText(/reaches only 1\.12:1 contrast/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the publish checks' }).getAttribute('href')).toBe(
      '/admin/publish-checks',
    );
  });

  it('shows nothing while the theme passes, whatever else is held', async () => {
    const post: CheckedItem = { ...THEME, kind: 'blog', id: 'b1', title: 'Post', path: '/blogs/post' };
    vi.mocked(fetchPublishChecks).mockResolvedValue(report([post, { ...THEME, held: false }]));
    const { container } = render(<HeldThemeNote />);
    await vi.waitFor(() => expect(fetchPublishChecks).toHaveBeenCalled());
    await Promise.resolve();
    expect(container.textContent).toBe('');
  });

  it('shows nothing when the report cannot be read', async () => {
    vi.mocked(fetchPublishChecks).mockRejectedValue(new Error('offline'));
    const { container } = render(<HeldThemeNote />);
    await vi.waitFor(() => expect(fetchPublishChecks).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});

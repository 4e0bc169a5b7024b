import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PageArticle from '../../../src/components/pages/PageArticle.tsx';
import type { PublicPage } from '../../../src/shared/pages.ts';

const PAGE: PublicPage = {
  _id: 'pg1',
  title: 'Terms',
  slug: 'terms',
  in_footer: true,
  content: 'raw, never rendered',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
};

const article = (page: PublicPage) =>
  render(<PageArticle page={page} safeHtml="<p>Given <em>HTML</em></p>" />).container.querySelector('article');

describe('PageArticle', () => {
  it('shows the title, when the page was last updated and the HTML it is given', () => {
    const shown = article(PAGE);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toBeTruthy();
    expect(shown?.querySelector('p')?.textContent).toBe('Last updated Dec 2, 2026');
    expect(shown?.querySelector('time')?.getAttribute('datetime')).toBe(PAGE.updatedAt);
    expect(shown?.querySelector('.blog-content')?.innerHTML).toBe('<p>Given <em>HTML</em></p>');
    expect(shown?.textContent).not.toContain('raw, never rendered');
  });

  it('dates a page never updated by its creation', () => {
    expect(
      article({ ...PAGE, updatedAt: null })
        ?.querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(PAGE.createdAt);
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { assert, describe, expect, it, vi } from 'vitest';
import ContentCards, { type ContentCardItem } from '../../../src/components/admin/content/ui/ContentCards.tsx';
import type { Remote } from '../../../src/components/admin/dashboard/use-remote.ts';

const item = (over: Partial<ContentCardItem>): ContentCardItem => ({
  id: 'a',
  title: 'Harbour',
  caption: 'Boats at dawn',
  image: '/media/x.webp',
  createdAt: '2026-11-22T18:00:00.000Z',
  published: true,
  ...over,
});
const ready = (data: ContentCardItem[]): Remote<readonly ContentCardItem[]> => ({ state: 'ready', data });
const show = (remote: Remote<readonly ContentCardItem[]>, props: Partial<Parameters<typeof ContentCards>[0]> = {}) =>
  render(<ContentCards remote={remote} onRetry={() => undefined} view="grid" query="" label="Images" {...props} />);

describe('ContentCards', () => {
  it('shows a card: image, title, caption, created date and the Published or Draft badge', () => {
    show(ready([item({}), item({ id: 'b', title: 'Quay', published: false })]));
    const [first, second] = screen.getAllByTestId('content-card');
    assert(first && second, 'two cards');
    expect(within(first).getByRole('img', { name: 'Harbour' }).getAttribute('src')).toBe('/media/x.webp');
    expect(first.textContent).toContain('Boats at dawn');
    expect(first.textContent).toContain('Nov 22, 2026');
    expect(within(first).getByText('Published')).toBeTruthy();
    expect(within(second).getByText('Draft')).toBeTruthy();
  });

  it("reads 'Untitled' without a title, 'No image available' without an image, 'Image Not Found' when it fails to load", () => {
    show(ready([item({ title: '  ', image: null }), item({ id: 'b', title: 'Broken' })]));
    const [untitled, broken] = screen.getAllByTestId('content-card');
    assert(untitled && broken, 'two cards');
    expect(within(untitled).getByRole('heading').textContent).toContain('Untitled');
    expect(untitled.textContent).toContain('No image available');
    fireEvent.error(within(broken).getByRole('img', { name: 'Broken' }));
    expect(within(broken).getByRole('img', { name: 'Image Not Found' }).textContent).toContain('Image Not Found');
  });

  it('filters by the query (title or caption, any case) and reads the empty text', () => {
    const { rerender } = show(ready([item({}), item({ id: 'b', title: 'Quay', caption: 'Cranes' })]), {
      query: 'CRANES',
    });
    expect(screen.getAllByTestId('content-card')).toHaveLength(1);
    rerender(
      <ContentCards remote={ready([item({})])} onRetry={() => undefined} view="list" query="nothing" label="Images" />,
    );
    expect(screen.getByText('No content available')).toBeTruthy();
    rerender(<ContentCards remote={ready([])} onRetry={() => undefined} view="list" query="" label="Images" />);
    expect(screen.getByText('No content available')).toBeTruthy();
  });

  it('lays out as a grid or a list', () => {
    const { rerender } = show(ready([item({})]));
    expect(screen.getByRole('list', { name: 'Images' }).getAttribute('data-view')).toBe('grid');
    rerender(<ContentCards remote={ready([item({})])} onRetry={() => undefined} view="list" query="" label="Images" />);
    expect(screen.getByRole('list', { name: 'Images' }).getAttribute('data-view')).toBe('list');
  });

  it("shows a spinner while loading, and 'Error: {message}' with 'Try Again' on failure", () => {
    const onRetry = vi.fn();
    const { rerender } = show({ state: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading Images' })).toBeTruthy();
    rerender(
      <ContentCards
        remote={{ state: 'error', message: 'Error fetching content' }}
        onRetry={onRetry}
        view="grid"
        query=""
        label="Images"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error: Error fetching content');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("runs the panel's actions, named after the card", () => {
    const edit = vi.fn();
    show(ready([item({})]), {
      actions: () => [
        { label: 'Edit', onClick: edit },
        { label: 'Delete', onClick: () => undefined, tone: 'danger', disabled: true },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Harbour' }));
    expect(edit).toHaveBeenCalledOnce();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete Harbour' }).disabled).toBe(true);
  });

  it('shows no picture box at all with showImage={false}, and the details under the caption', () => {
    show(ready([item({ image: null })]), { showImage: false, details: () => <p>PDF · 1 KB · memo.pdf</p> });
    const card = screen.getByTestId('content-card');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.textContent).not.toContain('No image available');
    expect(card.textContent).toContain('PDF · 1 KB · memo.pdf');
  });
});

/**
 * The version history dialog: the versions listed with what, who and when, the newest two compared at first with
 * removed and added words marked in their own column, unchanged fields on request, and a restore only once confirmed,
 * its refusal shown.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { assert, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RevisionsDialog from '../../../src/components/admin/content/ui/RevisionsDialog.tsx';
import { compareRevisions, fetchRevisions, restoreRevision } from '../../../src/lib/api/admin/revisions.ts';
import {
  REVISION_RESTORED,
  REVISION_SAME,
  type RevisionComparison,
  type RevisionHistory,
  type RevisionSummary,
} from '../../../src/shared/revisions.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(),
  restoreRevision: vi.fn(),
}));

beforeAll(stubModalDialogs);

const PATH = '/api/admin/blogs/b1';

const version = (number: number, changes: Partial<RevisionSummary> = {}): RevisionSummary => ({
  id: `r${number}`,
  number,
  action: 'update',
  savedAt: `2026-12-0${number}T09:30:00.000Z`,
  savedBy: 'Ana Diaz',
  changed: [],
  current: false,
  restoredFrom: null,
  ...changes,
});

const HISTORY: RevisionHistory = {
  limit: 25,
  revisions: [
    version(3, { changed: ['Title', 'Content'], current: true }),
    version(2, { action: 'restore', restoredFrom: 1, savedBy: 'Bo Lee' }),
    version(1, { action: 'create', savedBy: '' }),
  ],
};

const [V3, V2] = HISTORY.revisions as [RevisionSummary, RevisionSummary, RevisionSummary];

const COMPARISON: RevisionComparison = {
  older: V2,
  newer: V3,
  fields: [
    {
      name: 'title',
      label: 'Title',
      kind: 'text',
      changed: true,
      before: 'Old title',
      after: 'New title',
      parts: [{ value: 'Old', removed: true }, { value: 'New', added: true }, { value: ' title' }],
    },
    {
      name: 'caption',
      label: 'Caption',
      kind: 'text',
      changed: false,
      before: 'Same caption',
      after: 'Same caption',
      parts: [{ value: 'Same caption' }],
    },
    {
      name: 'image',
      label: 'Cover image',
      kind: 'picture',
      changed: true,
      before: '/media/cover.jpg',
      after: '',
      parts: [],
    },
    {
      name: 'content',
      label: 'Content',
      kind: 'html',
      changed: true,
      before: '<p>Body</p>',
      after: '<p>Body</p>\n<p>More <b>bold</b></p>',
      parts: [{ value: '<p>Body</p>' }, { value: '\n<p>More <b>bold</b></p>', added: true }],
    },
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchRevisions).mockResolvedValue(HISTORY);
  vi.mocked(compareRevisions).mockResolvedValue(COMPARISON);
});

function open(onRestored = vi.fn(), onClose = vi.fn()) {
  render(<RevisionsDialog itemPath={PATH} title='History of "My post"' onClose={onClose} onRestored={onRestored} />);
  return { onRestored, onClose };
}

/** The list entry of version `n`. */
async function entry(n: number) {
  const item = (await screen.findByRole('heading', { name: `Version ${n}` })).closest('li');
  assert(item, `version ${n} is listed`);
  return within(item);
}

const side = (field: string, which: 'older' | 'newer') => {
  const column = screen.getByRole('region', { name: field }).querySelector(`[data-side="${which}"]`);
  assert(column instanceof HTMLElement, `the ${which} column of ${field}`);
  return column;
};
const texts = (column: HTMLElement, tag: 'del' | 'ins') =>
  [...column.querySelectorAll(tag)].map((element) => element.textContent);

describe('RevisionsDialog', () => {
  it('lists the versions newest first with what, who, when and what changed, the live one marked', async () => {
    open();
    expect(screen.getByRole('heading', { name: 'History of "My post"' })).toBeTruthy();
    const third = await entry(3);
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(third.getByText('Live version')).toBeTruthy();
    expect(third.getByText('Saved')).toBeTruthy();
    expect(third.getByText(/^Ana Diaz/).querySelector('time')?.textContent).toBe('Dec 3, 2026, 9:30 AM UTC');
    expect(third.getByText('Changed: Title, Content')).toBeTruthy();
    // The live version is what the item holds: nothing to restore.
    expect(third.queryByRole('button', { name: 'Restore as draft' })).toBeNull();

    const second = await entry(2);
    expect(second.queryByText('Live version')).toBeNull();
    expect(second.getByText('Restored as a draft from version 1')).toBeTruthy();
    expect(second.getByText(/^Bo Lee/)).toBeTruthy();
    expect(second.getByText('No field changed')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Restore as draft' })).toBeTruthy();

    const first = await entry(1);
    expect(first.getByText('Created')).toBeTruthy();
    expect(first.getByText(/^Before changes were recorded/)).toBeTruthy();
    expect(first.queryByText('No field changed')).toBeNull();
    expect(
      screen.getByText('The last 25 versions of each item are kept; the version the item holds now is always kept.'),
    ).toBeTruthy();
    expect(fetchRevisions).toHaveBeenCalledWith(PATH);
  });

  it('compares the newest version with the one before it at first, removed words struck in the older column', async () => {
    open();
    await screen.findByRole('region', { name: 'Title' });
    expect(compareRevisions).toHaveBeenCalledWith(PATH, 'r3', 'r2');
    expect(screen.getByLabelText<HTMLSelectElement>('Compare version').value).toBe('r3');
    expect(screen.getByLabelText<HTMLSelectElement>('with version').value).toBe('r2');

    expect(side('Title', 'older').textContent).toBe('Version 2 (older)Old title');
    expect(texts(side('Title', 'older'), 'del')).toEqual(['Old']);
    expect(texts(side('Title', 'older'), 'ins')).toEqual([]);
    expect(side('Title', 'newer').textContent).toBe('Version 3 (newer)New title');
    expect(texts(side('Title', 'newer'), 'ins')).toEqual(['New']);
    expect(texts(side('Title', 'newer'), 'del')).toEqual([]);
  });

  it('shows markup as text and pictures as images', async () => {
    open();
    await screen.findByRole('region', { name: 'Content' });
    const newer = side('Content', 'newer');
    const pre = newer.querySelector('pre');
    expect(pre?.textContent).toBe('<p>Body</p>\n<p>More <b>bold</b></p>');
    expect(texts(newer, 'ins')).toEqual(['\n<p>More <b>bold</b></p>']);
    // Never rendered: no bold element came out of the markup.
    expect(newer.querySelector('b')).toBeNull();
    expect(within(side('Cover image', 'older')).getByRole('img', { name: 'Cover image in version 2' })).toBeTruthy();
    expect(within(side('Cover image', 'newer')).getByText('No picture')).toBeTruthy();
  });

  it('lists the changed fields and hides the unchanged ones until asked', async () => {
    open();
    await screen.findByRole('region', { name: 'Title' });
    const regions = () => screen.getAllByRole('region').map((r) => r.getAttribute('data-field'));
    expect(regions().filter(Boolean)).toEqual(['title', 'image', 'content']);
    expect(screen.queryByRole('region', { name: 'Caption' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Show unchanged fields (1)'));
    const caption = within(screen.getByRole('region', { name: 'Caption' }));
    expect(caption.getByText('Unchanged')).toBeTruthy();
    expect(caption.getAllByText('Same caption')).toHaveLength(2);
    expect(regions().filter(Boolean)).toEqual(['title', 'image', 'content', 'caption']);
  });

  it('compares the pair chosen, and asks for two different versions without calling', async () => {
    open();
    await screen.findByRole('region', { name: 'Title' });
    fireEvent.change(screen.getByLabelText('with version'), { target: { value: 'r1' } });
    await waitFor(() => expect(compareRevisions).toHaveBeenLastCalledWith(PATH, 'r3', 'r1'));
    fireEvent.change(screen.getByLabelText('Compare version'), { target: { value: 'r1' } });
    expect(screen.getByText(REVISION_SAME)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Title' })).toBeNull();
    expect(compareRevisions).toHaveBeenCalledTimes(2);
  });

  it('says there is nothing to compare with a single version', async () => {
    vi.mocked(fetchRevisions).mockResolvedValueOnce({ limit: 25, revisions: [version(1, { current: true })] });
    open();
    expect(await screen.findByText(/nothing to compare it with yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Compare version')).toBeNull();
    expect(compareRevisions).not.toHaveBeenCalled();
  });

  it('restores a version only once confirmed, then reports the message', async () => {
    vi.mocked(restoreRevision).mockResolvedValueOnce({ message: REVISION_RESTORED, draft: {} });
    const { onRestored } = open();
    const second = await entry(2);
    fireEvent.click(second.getByRole('button', { name: 'Restore as draft' }));
    expect(
      second.getByText('Restore version 2 as a draft? The published version stays until the draft is published.'),
    ).toBeTruthy();
    // The pressed button is gone: the safe answer has the focus.
    expect(document.activeElement).toBe(second.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(second.getByRole('button', { name: 'Cancel' }));
    expect(restoreRevision).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(second.getByRole('button', { name: 'Restore as draft' }));

    fireEvent.click(second.getByRole('button', { name: 'Restore as draft' }));
    await act(() => Promise.resolve(fireEvent.click(second.getByRole('button', { name: 'Restore' }))));
    expect(restoreRevision).toHaveBeenCalledWith(PATH, 'r2');
    expect(onRestored).toHaveBeenCalledWith(REVISION_RESTORED);
  });

  it('shows the server’s refusal beside the version and lets the admin try again', async () => {
    vi.mocked(restoreRevision).mockRejectedValueOnce(apiError(404, { message: 'This version no longer exists.' }));
    const { onRestored } = open();
    const second = await entry(2);
    fireEvent.click(second.getByRole('button', { name: 'Restore as draft' }));
    await act(() => Promise.resolve(fireEvent.click(second.getByRole('button', { name: 'Restore' }))));
    await waitFor(() => expect(second.getByRole('alert').textContent).toBe('This version no longer exists.'));
    expect(onRestored).not.toHaveBeenCalled();
    expect(second.getByRole<HTMLButtonElement>('button', { name: 'Restore' }).disabled).toBe(false);
  });

  it('keeps every button off while a restore runs', async () => {
    let finish: (value: { message: string; draft: unknown }) => void = () => undefined;
    vi.mocked(restoreRevision).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    open();
    const second = await entry(2);
    fireEvent.click(second.getByRole('button', { name: 'Restore as draft' }));
    fireEvent.click(second.getByRole('button', { name: 'Restore' }));
    expect(second.getByRole<HTMLButtonElement>('button', { name: 'Restoring...' }).disabled).toBe(true);
    expect(second.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Close' }).disabled).toBe(true);
    expect((await entry(1)).getByRole<HTMLButtonElement>('button', { name: 'Restore as draft' }).disabled).toBe(true);
    await act(async () => {
      finish({ message: REVISION_RESTORED, draft: {} });
      await Promise.resolve();
    });
  });

  it('says when the history cannot be loaded, and loads it again on Retry', async () => {
    vi.mocked(fetchRevisions).mockRejectedValueOnce(apiError(403, { message: 'You may not see this post.' }));
    open();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You may not see this post\./);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Version 3' })).toBeTruthy();
  });

  it('closes with Close', async () => {
    const { onClose } = open();
    await entry(3);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

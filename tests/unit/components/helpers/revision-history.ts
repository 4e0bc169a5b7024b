/**
 * The version history every draft-keeping form opens from its History button: a fake answer for the history, and a
 * version restored from it as the user does it. The test file itself mocks src/lib/api/admin/revisions.ts (vi.mock
 * is per file).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { restoreRevision } from '../../../../src/lib/api/admin/revisions.ts';
import { REVISION_RESTORED, type RevisionHistory, type RevisionSummary } from '../../../../src/shared/revisions.ts';

/** Version `number` of an item, its id r<number>; `current` is the one the item holds now. */
export const version = (number: number, current = false, changed: string[] = []): RevisionSummary => ({
  id: `r${number}`,
  number,
  action: number === 1 ? 'create' : 'update',
  savedAt: `2026-12-0${number}T09:30:00.000Z`,
  savedBy: 'Ana Diaz',
  changed,
  current,
  restoredFrom: null,
});

/** The history of an item saved twice: version 2, the one it holds now, changed `field`; version 1 can be restored. */
export const historyOf = (field: string): RevisionHistory => ({
  limit: 25,
  revisions: [version(2, true, [field]), version(1)],
});

const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

/**
 * Restores version 1 from the open form's History: History, then Restore as draft and Restore once the versions are
 * listed, the server answering with `draft` and REVISION_RESTORED. Checks the restore asked for `itemPath`'s r1.
 * `checkHistory` runs once History is pressed, before the versions are awaited, for a test's own checks of it.
 */
export async function restoreVersionOne(itemPath: string, draft: unknown, checkHistory?: () => Promise<void>) {
  vi.mocked(restoreRevision).mockResolvedValueOnce({ message: REVISION_RESTORED, draft });
  await click('History');
  await checkHistory?.();
  await screen.findByRole('heading', { name: 'Version 1' });
  await click('Restore as draft');
  await click('Restore');
  expect(restoreRevision).toHaveBeenCalledWith(itemPath, 'r1');
}

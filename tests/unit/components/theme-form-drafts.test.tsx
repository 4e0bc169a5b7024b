/**
 * The Theme Settings screen's draft, apart from the company's: it opens on the draft (the controls and the live
 * preview), Save draft keeps the ten theme fields in the draft without touching the page's branding, Preview shows a
 * link to share, the save publishes a draft, Discard goes back to the live theme, and a version from the history
 * becomes the draft shown. Without a draft the save is the plain one, with its spec message.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import ThemeSettings from '../../../src/components/admin/theme/ThemeSettingsForm.tsx';
import {
  discardThemeDraft,
  fetchThemeDraft,
  getCompany,
  publishThemeDraft,
  saveThemeDraft,
  themePreviewLink,
  updateTheme,
} from '../../../src/lib/api/admin/company.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { $branding, refreshBranding } from '../../../src/lib/stores/branding.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import { DRAFT_DISCARDED, DRAFT_NOT_FOUND, DRAFT_PUBLISHED, DRAFT_SAVED } from '../../../src/shared/drafts.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { themeDraftFields, type ThemeDraft } from '../../../src/shared/settings-drafts.ts';
import type { Company, User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/company.ts', () => ({
  getCompany: vi.fn(),
  updateTheme: vi.fn(),
  fetchThemeDraft: vi.fn(),
  saveThemeDraft: vi.fn(),
  discardThemeDraft: vi.fn(),
  publishThemeDraft: vi.fn(),
  themePreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));

const LIVE: Company = { ...withCompanyDefaults({ name: 'Letterpress Co' }), primary_color: '#112233' };
const SAVED = { savedAt: '2026-12-01T09:30:00.000Z', savedBy: 'Ada Admin' };
const draftOf = (change: Partial<Company>): ThemeDraft => ({
  ...SAVED,
  fields: themeDraftFields({ ...LIVE, ...change }),
});
const DRAFT = draftOf({ primary_color: '#aa3377', button_radius: 15 });
const LINK = { url: 'https://example.com/?site-preview=t0k3n', expiresAt: '2026-12-04T09:30:00.000Z' };

const primary = () => screen.getByLabelText<HTMLInputElement>('Primary color');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const note = () => screen.queryByRole('note');
/** The primary colour the live preview's light pane shows. */
const previewPrimary = () =>
  document.querySelector<HTMLElement>('[data-preview="light"] > [style]')?.style.getPropertyValue('--color-primary');

/** The screen opened on the live theme, with `draft` as the draft the server holds (none: 404). */
async function open(draft: ThemeDraft | null) {
  if (draft) vi.mocked(fetchThemeDraft).mockResolvedValue(draft);
  else vi.mocked(fetchThemeDraft).mockRejectedValue(apiError(404, { message: DRAFT_NOT_FOUND }));
  render(<ThemeSettings />);
  await screen.findByLabelText('Primary color');
}

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(getCompany).mockResolvedValue(LIVE);
  await refreshBranding();
  vi.mocked(getCompany).mockClear();
  consoleError = watchConsoleErrors();
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.restoreAllMocks();
  // React reports state updates outside act() and failed effects on console.error.
  expect(logged).toEqual([]);
});

describe('the Theme Settings screen with a draft', () => {
  it('opens on the draft: the controls and the preview show it, with who saved it and Publish draft', async () => {
    await open(DRAFT);
    expect(primary().value).toBe('#aa3377');
    expect(screen.getByRole('slider', { name: 'Button radius' }).getAttribute('aria-valuetext')).toBe('15px');
    expect(previewPrimary()).toBe('#aa3377');
    expect(note()?.textContent).toMatch(/You are editing the draft Ada Admin saved on/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('saves the live theme as before when there is no draft, with its spec message', async () => {
    const saved = { ...LIVE, primary_color: '#445566' };
    vi.mocked(updateTheme).mockResolvedValue({ message: '', company: saved, notices: [] });
    await open(null);
    expect(primary().value).toBe('#112233');
    expect(note()).toBeNull();
    fireEvent.change(primary(), { target: { value: '#445566' } });
    vi.mocked(getCompany).mockResolvedValue(saved);
    click('Save Theme Settings');
    const message = await screen.findByText('Theme settings updated successfully!');
    expect(message.getAttribute('role')).toBe('status');
    expect(message.dataset['tone']).toBe('success');
    expect(vi.mocked(updateTheme).mock.calls[0]?.[0]).toMatchObject({ primary_color: '#445566' });
    expect(saveThemeDraft).not.toHaveBeenCalled();
    expect($branding.get()).toEqual({ status: 'loaded', company: saved });
  });

  it('keeps the theme in the draft, leaving the branding alone while the preview shows it', async () => {
    const saved = draftOf({ primary_color: '#aa3377' });
    vi.mocked(saveThemeDraft).mockResolvedValue({ message: DRAFT_SAVED, draft: saved });
    await open(null);
    fireEvent.change(primary(), { target: { value: '#aa3377' } });
    click('Save draft');
    expect(await screen.findByText(DRAFT_SAVED)).toBeTruthy();
    expect(saveThemeDraft).toHaveBeenCalledWith({ ...themeDraftFields(LIVE), primary_color: '#aa3377' });
    expect(updateTheme).not.toHaveBeenCalled();
    expect(getCompany).not.toHaveBeenCalled();
    expect($branding.get()).toEqual({ status: 'loaded', company: LIVE });
    expect(primary().value).toBe('#aa3377');
    expect(previewPrimary()).toBe('#aa3377');
    expect(note()?.textContent).toMatch(/Ada Admin saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('says there is nothing to save when Save draft finds no change', async () => {
    await open(DRAFT);
    click('Save draft');
    expect(await screen.findByText('Nothing to save: no setting was changed.')).toBeTruthy();
    expect(saveThemeDraft).not.toHaveBeenCalled();
  });

  it('saves a changed theme to the draft before making a preview link, and shows the link', async () => {
    vi.mocked(saveThemeDraft).mockResolvedValue({ message: DRAFT_SAVED, draft: draftOf({ primary_color: '#000000' }) });
    vi.mocked(themePreviewLink).mockResolvedValue(LINK);
    await open(DRAFT);
    fireEvent.change(primary(), { target: { value: '#000000' } });
    click('Preview');
    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Preview link' });
    expect(link.value).toBe(LINK.url);
    expect(vi.mocked(saveThemeDraft).mock.calls[0]?.[0]).toMatchObject({ primary_color: '#000000' });
    expect(getCompany).not.toHaveBeenCalled();
  });

  it('publishes the draft and the page follows the published theme', async () => {
    const published = { ...LIVE, ...DRAFT.fields };
    vi.mocked(publishThemeDraft).mockResolvedValue({ message: DRAFT_PUBLISHED, item: published });
    await open(DRAFT);
    vi.mocked(getCompany).mockResolvedValue(published);
    click('Publish draft');
    expect(await screen.findByText(DRAFT_PUBLISHED)).toBeTruthy();
    // Nothing changed on the draft: it is published as it is.
    expect(saveThemeDraft).not.toHaveBeenCalled();
    expect(updateTheme).not.toHaveBeenCalled();
    expect(getCompany).toHaveBeenCalledOnce();
    expect($branding.get()).toEqual({ status: 'loaded', company: published });
    expect(note()).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Theme Settings' })).toBeTruthy();
  });

  it('discards the draft after asking, the controls going back to the live theme', async () => {
    vi.mocked(discardThemeDraft).mockResolvedValue({ message: DRAFT_DISCARDED, item: LIVE });
    await open(DRAFT);
    click('Discard draft');
    click('Discard');
    expect(await screen.findByText(DRAFT_DISCARDED)).toBeTruthy();
    expect(primary().value).toBe('#112233');
    expect(note()).toBeNull();
    expect(getCompany).not.toHaveBeenCalled();
  });

  it('shows the draft a version from the history became, with the restored message', async () => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Primary color'));
    const restored = draftOf({ primary_color: '#336699' });
    await open(null);
    vi.mocked(fetchThemeDraft).mockResolvedValue(restored);
    await restoreVersionOne('/api/admin/company/theme', restored, async () => {
      await screen.findByRole('dialog', { name: 'History of the theme settings' });
      expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/company/theme');
    });
    await waitFor(() => expect(primary().value).toBe('#336699'));
    expect(screen.getByText(REVISION_RESTORED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });
});

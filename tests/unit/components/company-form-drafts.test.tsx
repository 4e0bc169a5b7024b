/**
 * The Update Company screen's draft: it opens on the draft (its values and pictures, who saved it), Save draft keeps
 * only the changed fields in the draft without touching the page's branding, Preview shows a link to share, the save
 * publishes a draft, Discard goes back to the live settings, and a version from the history becomes the draft shown.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import CompanySettings from '../../../src/components/admin/company/CompanyForm.tsx';
import {
  companyPreviewLink,
  discardCompanyDraft,
  fetchCompanyDraft,
  getCompany,
  publishCompanyDraft,
  saveCompanyDraft,
  updateCompany,
} from '../../../src/lib/api/admin/company.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { $branding, refreshBranding } from '../../../src/lib/stores/branding.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import { DRAFT_DISCARDED, DRAFT_NOT_FOUND, DRAFT_PUBLISHED, DRAFT_SAVED } from '../../../src/shared/drafts.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { companyDraftFields, type CompanyDraft } from '../../../src/shared/settings-drafts.ts';
import type { Company, User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/company.ts', () => ({
  getCompany: vi.fn(),
  updateCompany: vi.fn(),
  fetchCompanyDraft: vi.fn(),
  saveCompanyDraft: vi.fn(),
  discardCompanyDraft: vi.fn(),
  publishCompanyDraft: vi.fn(),
  companyPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));

const LIVE: Company = { ...withCompanyDefaults({ name: 'Letterpress Co', tagline: 'Set in type' }), logo: '' };
const SAVED = { savedAt: '2026-12-01T09:30:00.000Z', savedBy: 'Ada Admin' };
const draftOf = (change: Partial<Company>): CompanyDraft => ({
  ...SAVED,
  fields: companyDraftFields({ ...LIVE, ...change }),
});
const DRAFT = draftOf({ tagline: 'Printed by hand', logo: '/media/draft-logo.webp' });
const LINK = { url: 'https://example.com/?site-preview=t0k3n', expiresAt: '2026-12-04T09:30:00.000Z' };

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const note = () => screen.queryByRole('note');

/** The screen opened on the live settings, with `draft` as the draft the server holds (none: 404). */
async function open(draft: CompanyDraft | null) {
  if (draft) vi.mocked(fetchCompanyDraft).mockResolvedValue(draft);
  else vi.mocked(fetchCompanyDraft).mockRejectedValue(apiError(404, { message: DRAFT_NOT_FOUND }));
  render(<CompanySettings />);
  await screen.findByLabelText('Tagline');
}

/** The fields of the one multipart body a call sent. */
const sent = (form: FormData | undefined) =>
  Object.fromEntries(
    [...(form?.entries() ?? [])].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
  );

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

describe('the Update Company screen with a draft', () => {
  it('opens on the draft: its values, its pictures as the current ones, who saved it, and Publish draft', async () => {
    await open(DRAFT);
    expect(field('Tagline').value).toBe('Printed by hand');
    expect(field('Company name').value).toBe('Letterpress Co');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Current logo' }).src).toContain('/media/draft-logo.webp');
    expect(note()?.textContent).toMatch(/You are editing the draft Ada Admin saved on/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Company Settings' })).toBeNull();
  });

  it('opens on the live settings without a draft, the save keeping its label', async () => {
    await open(null);
    expect(field('Tagline').value).toBe('Set in type');
    expect(note()).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Company Settings' })).toBeTruthy();
  });

  it('keeps only the changed fields in the draft, leaves the branding alone and goes on with the draft', async () => {
    const saved = draftOf({ tagline: 'Printed by hand' });
    vi.mocked(saveCompanyDraft).mockResolvedValue({ message: DRAFT_SAVED, draft: saved });
    await open(null);
    fireEvent.change(field('Tagline'), { target: { value: 'Printed by hand' } });
    click('Save draft');
    expect(await screen.findByText(DRAFT_SAVED)).toBeTruthy();
    expect(sent(vi.mocked(saveCompanyDraft).mock.calls[0]?.[0])).toEqual({ tagline: 'Printed by hand' });
    expect(updateCompany).not.toHaveBeenCalled();
    expect(publishCompanyDraft).not.toHaveBeenCalled();
    // The admin's own pages keep the live look: the store is neither set nor refreshed.
    expect(getCompany).not.toHaveBeenCalled();
    expect($branding.get()).toEqual({ status: 'loaded', company: LIVE });
    expect(field('Tagline').value).toBe('Printed by hand');
    expect(note()?.textContent).toMatch(/Ada Admin saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('says there is nothing to save when Save draft finds no change', async () => {
    await open(DRAFT);
    click('Save draft');
    expect((await screen.findByRole('status')).textContent).toBe('Nothing to save: no setting was changed.');
    expect(saveCompanyDraft).not.toHaveBeenCalled();
  });

  it('saves a first draft before making a preview link, and shows the link to share', async () => {
    vi.mocked(saveCompanyDraft).mockResolvedValue({ message: DRAFT_SAVED, draft: DRAFT });
    vi.mocked(companyPreviewLink).mockResolvedValue(LINK);
    await open(null);
    click('Preview');
    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Preview link' });
    expect(link.value).toBe(LINK.url);
    expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url);
    // Nothing was changed: the draft starts as the live settings.
    expect(sent(vi.mocked(saveCompanyDraft).mock.calls[0]?.[0])).toEqual({});
    expect(getCompany).not.toHaveBeenCalled();
  });

  it('previews an unchanged draft without saving it again', async () => {
    vi.mocked(companyPreviewLink).mockResolvedValue(LINK);
    await open(DRAFT);
    click('Preview');
    await screen.findByRole('textbox', { name: 'Preview link' });
    expect(saveCompanyDraft).not.toHaveBeenCalled();
    expect(companyPreviewLink).toHaveBeenCalledOnce();
  });

  it('publishes the draft with the changes made on it, and the page follows the published settings', async () => {
    const published: Company = { ...LIVE, tagline: 'Printed with care', logo: '/media/draft-logo.webp' };
    vi.mocked(saveCompanyDraft).mockResolvedValue({ message: DRAFT_SAVED, draft: draftOf(published) });
    vi.mocked(publishCompanyDraft).mockResolvedValue({ message: DRAFT_PUBLISHED, item: published });
    await open(DRAFT);
    fireEvent.change(field('Tagline'), { target: { value: 'Printed with care' } });
    vi.mocked(getCompany).mockResolvedValue(published);
    click('Publish draft');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(DRAFT_PUBLISHED));
    expect(sent(vi.mocked(saveCompanyDraft).mock.calls[0]?.[0])).toEqual({ tagline: 'Printed with care' });
    expect(publishCompanyDraft).toHaveBeenCalledOnce();
    expect(updateCompany).not.toHaveBeenCalled();
    expect(getCompany).toHaveBeenCalledOnce();
    expect($branding.get()).toEqual({ status: 'loaded', company: published });
    expect(note()).toBeNull();
    expect(field('Tagline').value).toBe('Printed with care');
    expect(screen.getByRole('button', { name: 'Save Company Settings' })).toBeTruthy();
  });

  it('publishes an unchanged draft as it is', async () => {
    vi.mocked(publishCompanyDraft).mockResolvedValue({ message: DRAFT_PUBLISHED, item: LIVE });
    await open(DRAFT);
    click('Publish draft');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(DRAFT_PUBLISHED));
    expect(saveCompanyDraft).not.toHaveBeenCalled();
  });

  it('discards the draft after asking, the form going back to the live settings', async () => {
    vi.mocked(discardCompanyDraft).mockResolvedValue({ message: DRAFT_DISCARDED, item: LIVE });
    await open(DRAFT);
    click('Discard draft');
    expect(discardCompanyDraft).not.toHaveBeenCalled();
    click('Discard');
    expect(await screen.findByText(DRAFT_DISCARDED)).toBeTruthy();
    expect(field('Tagline').value).toBe('Set in type');
    expect(note()).toBeNull();
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Current icon (favicon)' }).src).toContain('/favicon.png');
    expect(screen.queryByRole('img', { name: 'Current logo' })).toBeNull();
    expect(getCompany).not.toHaveBeenCalled();
  });

  it('shows the draft a version from the history became, with the restored message', async () => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Tagline'));
    const restored = draftOf({ tagline: 'The first tagline' });
    await open(null);
    vi.mocked(fetchCompanyDraft).mockResolvedValue(restored);
    await restoreVersionOne('/api/admin/company', restored, async () => {
      await screen.findByRole('dialog', { name: 'History of the company settings' });
      expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/company');
    });
    await waitFor(() => expect(field('Tagline').value).toBe('The first tagline'));
    expect(screen.getByText(REVISION_RESTORED)).toBeTruthy();
    expect(note()?.textContent).toMatch(/Ada Admin saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });
});

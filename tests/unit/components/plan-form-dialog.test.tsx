/**
 * The plan form's drafts, previews and history: a published plan's changes kept as a draft (without its state), a
 * preview link shared without closing, a plan with a draft opened on it and published from it, an unpublished plan
 * saved as itself, the draft discarded, and a version from the history restored into the form.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import PlanFormDialog from '../../../src/components/admin/content/plans/PlanFormDialog.tsx';
import {
  createPlan,
  discardPlanDraft,
  fetchPlanDraft,
  patchPlan,
  planPreviewLink,
  publishPlanDraft,
  savePlanDraft,
} from '../../../src/lib/api/admin/plans.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import type { AdminPlan, PlanDraft, PlanDraftFields } from '../../../src/shared/plans.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/plans.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/plans.ts')>()),
  createPlan: vi.fn(),
  patchPlan: vi.fn(),
  fetchPlanDraft: vi.fn(),
  savePlanDraft: vi.fn(),
  discardPlanDraft: vi.fn(),
  publishPlanDraft: vi.fn(),
  planPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const PLAN: AdminPlan = {
  id: 'pl1',
  name: 'Studio',
  description: 'For teams',
  price: 29,
  price_cents: 2900,
  billing_period: 'month',
  features: ['5 projects'],
  highlighted: false,
  sort_order: 1,
  published: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: null,
  draft: null,
};

const FIELDS: PlanDraftFields = {
  name: 'Studio',
  description: 'For teams',
  price: 39,
  billing_period: 'month',
  features: ['10 projects'],
  highlighted: true,
  sort_order: 1,
};

const DRAFT: PlanDraft = { savedAt: '2026-12-01T09:30:00.000Z', savedBy: 'Ana Diaz', fields: { ...FIELDS } };
const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

const open = (plan: AdminPlan | 'new', onSaved = vi.fn()) => {
  render(<PlanFormDialog target={plan} onClose={() => undefined} onSaved={onSaved} currency="USD" />);
  return onSaved;
};
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

describe('PlanFormDialog and drafts', () => {
  it('keeps a published plan’s changes as a draft, without its state, and closes', async () => {
    vi.mocked(savePlanDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = open(PLAN);
    type('Price (USD)', '39');
    await click('Save draft');
    expect(savePlanDraft).toHaveBeenCalledWith('pl1', {
      name: 'Studio',
      description: 'For teams',
      price: 39,
      billing_period: 'month',
      features: ['5 projects'],
      highlighted: false,
      sort_order: 1,
    });
    expect(patchPlan).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('Preview saves the draft and shows a link to share without closing', async () => {
    vi.mocked(savePlanDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(planPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = open(PLAN);
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(planPreviewLink).toHaveBeenCalledWith('pl1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('opens a plan with a draft on it, and Publish draft saves it to the draft and publishes it', async () => {
    vi.mocked(fetchPlanDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(savePlanDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishPlanDraft).mockResolvedValueOnce({ message: 'Draft published.', item: PLAN });
    const onSaved = open({ ...PLAN, draft: { savedAt: DRAFT.savedAt, savedBy: DRAFT.savedBy } });
    await waitFor(() => expect(field('Price (USD)').value).toBe('39'));
    expect(field('Features (one per line)').value).toBe('10 projects');
    await click('Publish draft');
    expect(savePlanDraft).toHaveBeenCalledWith('pl1', { ...FIELDS });
    expect(publishPlanDraft).toHaveBeenCalledWith('pl1');
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('saves an unpublished plan as itself, its state with it', async () => {
    vi.mocked(patchPlan).mockResolvedValueOnce({ message: 'Plan updated', plan: { ...PLAN, published: false } });
    const onSaved = open({ ...PLAN, published: false });
    type('Name', 'Studio plus');
    await click('Save');
    expect(patchPlan).toHaveBeenCalledWith('pl1', expect.objectContaining({ name: 'Studio plus', published: false }));
    expect(savePlanDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Plan updated');
  });

  it('discards a draft only once asked twice', async () => {
    vi.mocked(fetchPlanDraft).mockResolvedValue(DRAFT);
    vi.mocked(discardPlanDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: PLAN });
    const onSaved = open({ ...PLAN, draft: { savedAt: DRAFT.savedAt, savedBy: DRAFT.savedBy } });
    await waitFor(() => expect(field('Price (USD)').value).toBe('39'));
    await click('Discard draft');
    expect(discardPlanDraft).not.toHaveBeenCalled();
    await click('Discard');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Draft discarded.'));
    expect(discardPlanDraft).toHaveBeenCalledWith('pl1');
  });

  it('restores a version from the history as the draft the form shows', async () => {
    vi.mocked(fetchRevisions).mockResolvedValueOnce(historyOf('Price'));
    vi.mocked(fetchPlanDraft).mockResolvedValue(DRAFT);
    open(PLAN);
    await restoreVersionOne('/api/admin/plans/pl1', DRAFT);
    await waitFor(() => expect(field('Price (USD)').value).toBe('39'));
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('creates a new plan as before, with no draft actions', async () => {
    vi.mocked(createPlan).mockResolvedValueOnce({ message: 'Plan created', plan: PLAN });
    const onSaved = open('new');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    type('Name', 'Team');
    await click('Save');
    expect(createPlan).toHaveBeenCalledWith(expect.objectContaining({ name: 'Team', published: false }));
    expect(onSaved).toHaveBeenCalledWith('Plan created');
  });
});

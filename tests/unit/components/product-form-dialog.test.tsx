/**
 * The product form's drafts, previews and history: a published product's changes kept as a draft, a preview link
 * shared without closing, a product with a draft opened on it and published from it, the draft discarded, and a
 * version from the history restored into the form. The field refusals are in content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductFormDialog from '../../../src/components/admin/products/ProductFormDialog.tsx';
import {
  discardProductDraft,
  fetchProductDraft,
  productPreviewLink,
  publishProductDraft,
  saveProductDraft,
  updateProduct,
} from '../../../src/lib/api/admin/products.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import type { AdminProduct, ProductDraft } from '../../../src/shared/products-admin.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/products.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/products.ts')>()),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  fetchProductDraft: vi.fn(),
  saveProductDraft: vi.fn(),
  discardProductDraft: vi.fn(),
  publishProductDraft: vi.fn(),
  productPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() =>
    Promise.resolve([
      { _id: 'c1', name: 'Books', items: 1 },
      { _id: 'c2', name: 'Gifts', items: 0 },
    ]),
  ),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const PRODUCT: AdminProduct = {
  _id: 'p1',
  slug: 'mug',
  name: 'Mug',
  description: 'Stoneware.',
  price: 12.5,
  price_cents: 1250,
  image: '/media/mug.webp',
  images: ['/media/mug.webp'],
  category: 'Books',
  tags: ['a', 'b'],
  createdAt: '2026-11-01T10:00:00.000Z',
  views: 3,
  stock: 4,
  published: true,
  updatedAt: null,
  draft: null,
};

const DRAFT: ProductDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: {
    name: 'Mug XL',
    description: 'Bigger.',
    price: 15,
    category: 'Gifts',
    tags: ['big'],
    stock: 2,
    image: '/media/mug.webp',
  },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

/** Opens the form on `product` once its category list has arrived. */
async function open(product: AdminProduct, onSaved = vi.fn()) {
  render(<ProductFormDialog editing={product} currency="EUR" onClose={() => undefined} onSaved={onSaved} />);
  await act(() => Promise.resolve());
  return onSaved;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
/** The fields a call sent, by name. */
const sent = (form: FormData | undefined) => Object.fromEntries(form ?? new FormData());

describe('ProductFormDialog and drafts', () => {
  it('keeps a published product’s changes as a draft, without its state, and closes', async () => {
    vi.mocked(saveProductDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = await open(PRODUCT);
    type('Name', 'Mug XL');
    await click('Save draft');
    const [id, form, onProgress] = vi.mocked(saveProductDraft).mock.calls[0] ?? [];
    expect(id).toBe('p1');
    expect(sent(form)).toEqual({
      name: 'Mug XL',
      description: 'Stoneware.',
      price: '12.50',
      category: 'Books',
      tags: 'a, b',
      stock: '4',
    });
    expect(onProgress).toBeTypeOf('function');
    expect(updateProduct).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(saveProductDraft).mockRejectedValueOnce(
      apiError(400, { message: 'Unknown category. Choose one of the list.', field: 'category' }),
    );
    const onSaved = await open(PRODUCT);
    await click('Save draft');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unknown category. Choose one of the list.');
    expect(field('Category').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(saveProductDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(productPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = await open(PRODUCT);
    type('Price (EUR)', '15.00');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(document.activeElement).toBe(field('Preview link'));
    expect(sent(vi.mocked(saveProductDraft).mock.calls[0]?.[1])).toMatchObject({ price: '15.00' });
    expect(productPreviewLink).toHaveBeenCalledWith('p1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updateProduct).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.queryByLabelText('Published (shown in the shop)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('previews an unpublished product by saving the product itself, its state left as it is', async () => {
    const unpublished = { ...PRODUCT, published: false };
    vi.mocked(updateProduct).mockResolvedValueOnce({ message: 'Product updated', product: unpublished });
    vi.mocked(productPreviewLink).mockResolvedValueOnce(LINK);
    await open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(vi.mocked(updateProduct).mock.calls[0]?.[0]).toBe('p1');
    expect(sent(vi.mocked(updateProduct).mock.calls[0]?.[1])).not.toHaveProperty('published');
    expect(saveProductDraft).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('opens a product with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchProductDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveProductDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishProductDraft).mockResolvedValueOnce({ message: 'Draft published.', item: PRODUCT });
    const onSaved = await open({ ...PRODUCT, draft: DRAFT });
    await waitFor(() => expect(field('Name').value).toBe('Mug XL'));
    expect(fetchProductDraft).toHaveBeenCalledWith('p1');
    expect(field('Price (EUR)').value).toBe('15.00');
    expect(field('Category').value).toBe('Gifts');
    expect(field('Tags').value).toBe('big');
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no state to choose.
    expect(screen.queryByLabelText('Published (shown in the shop)')).toBeNull();
    type('Stock', '7');
    await click('Publish draft');
    expect(sent(vi.mocked(saveProductDraft).mock.calls[0]?.[1])).toEqual({
      name: 'Mug XL',
      description: 'Bigger.',
      price: '15.00',
      category: 'Gifts',
      tags: 'big',
      stock: '7',
    });
    expect(publishProductDraft).toHaveBeenCalledWith('p1');
    expect(updateProduct).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchProductDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardProductDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: PRODUCT });
    const onSaved = await open({ ...PRODUCT, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    // Nothing of the form is sent, so a field left empty does not stop the discard.
    type('Name', '');
    await click('Discard draft');
    expect(discardProductDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardProductDraft).toHaveBeenCalledWith('p1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new product', async () => {
    render(<ProductFormDialog editing="new" currency="EUR" onClose={() => undefined} onSaved={() => undefined} />);
    await act(() => Promise.resolve());
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeTruthy();
  });
});

describe('ProductFormDialog and the history', () => {
  const historyTitle = 'History of "Mug"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Name'));
  });

  it('opens the product’s history beside the form, and closing it leaves the form as it was', async () => {
    await open(PRODUCT);
    type('Name', 'Unsaved name');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/products/p1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Name').value).toBe('Unsaved name');
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: ProductDraft = {
      ...DRAFT,
      savedBy: 'Ed Editor',
      fields: { ...DRAFT.fields, name: 'First mug', price: 10 },
    };
    vi.mocked(fetchProductDraft).mockResolvedValueOnce(restored);
    const onSaved = await open(PRODUCT);
    await restoreVersionOne('/api/admin/products/p1', restored);
    await waitFor(() => expect(field('Name').value).toBe('First mug'));
    expect(field('Price (EUR)').value).toBe('10.00');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

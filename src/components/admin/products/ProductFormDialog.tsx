/**
 * Create or edit a product in a modal dialog: every field with its error under it (the browser checks the server's
 * own rules first; a 400 marks the field it names), a picture with preview, and the upload's progress while saving.
 * A published product's changes may instead be kept as a draft (Save draft) that shoppers do not see until it is
 * published; Preview saves (the draft of a published product, an unpublished product itself) and shows a link to
 * share; History lists the product's kept versions and restores one as the draft the form then shows.
 */
import { useId, useRef } from 'react';
import {
  createProduct,
  discardProductDraft,
  fetchProductDraft,
  productPath,
  productPreviewLink,
  publishProductDraft,
  saveProductDraft,
  updateProduct,
} from '../../../lib/api/admin/products.ts';
import type { AdminProduct, ProductDraft } from '../../../shared/products-admin.ts';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX } from '../../../shared/schemas/product-admin.ts';
import { useCategoryNames } from '../categories/use-category-names.ts';
import RecordFormFooter from '../ui/RecordFormFooter.tsx';
import DraftActions from '../content/ui/DraftActions.tsx';
import DraftPanel from '../content/ui/DraftPanel.tsx';
import RevisionsDialog from '../content/ui/RevisionsDialog.tsx';
import { useItemDraft, type DraftCalls } from '../content/ui/use-item-draft.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../ui/field-errors.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import { Field, useRecordForm } from '../ui/record-form.tsx';
import ProductImageField from './ProductImageField.tsx';
import {
  checkProductForm,
  formValuesOf,
  formValuesOfDraft,
  productFormData,
  type ProductField,
} from './product-form.ts';

interface Props {
  /** null: closed; 'new': a new product; a product: that one is edited. */
  editing: AdminProduct | 'new' | null;
  onClose: () => void;
  /** The server's message once the dialog's work is done (saved, draft saved, published or discarded). */
  onSaved: (message: string) => void;
  /** The store's currency, which the price is typed in. */
  currency: string;
}

const fieldClass = `${FIELD_CLASS} ${INVALID_BORDER}`;

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const PRODUCT_DRAFTS: DraftCalls<FormData, ProductDraft> = {
  itemPath: (id) => productPath(id),
  fetchDraft: (id) => fetchProductDraft(id),
  saveDraft: (id, form, onProgress) => saveProductDraft(id, form, onProgress),
  update: async (id, form, onProgress) => {
    const { message, product } = await updateProduct(id, form, onProgress);
    return { message, image: product.image };
  },
  publishDraft: (id) => publishProductDraft(id),
  discardDraft: (id) => discardProductDraft(id),
  previewLink: (id) => productPreviewLink(id),
};

const FIELD_NAMES: readonly ProductField[] = [
  'name',
  'description',
  'price',
  'category',
  'tags',
  'stock',
  'published',
  'image',
];

export default function ProductFormDialog({ editing, onClose, onSaved, currency }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const form = useRecordForm({
    editing,
    valuesOf: formValuesOf,
    fields: FIELD_NAMES,
    check: checkProductForm,
    fallback: 'The product could not be saved. Please try again.',
    dialog,
  });
  const {
    record: product,
    values,
    set,
    setValues,
    file: image,
    setFile: setImage,
    errors,
    mark,
    clear,
    failure,
    progress,
    busy,
  } = form;
  const categories = useCategoryNames('product');
  // A new product starts in the company's first category, as soon as the list is known (set while rendering, as the
  // form's own reset on opening is).
  const first = categories[0];
  if (editing === 'new' && first && values.category === '') set('category', first);
  const describedBy = (field: ProductField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const drafts = useItemDraft({
    target: editing,
    calls: PRODUCT_DRAFTS,
    show: (shown, saved) => {
      setValues(formValuesOfDraft(shown, saved));
      // An image chosen but not sent belongs to the form being replaced.
      setImage(null);
    },
  });

  // While a draft is edited the state is not the form's: publishing the draft publishes the product.
  const save = () =>
    form.save(async (onProgress) => {
      const data = productFormData(values, image, { state: !drafts.draft });
      const { message } = product
        ? await drafts.submit(product, data, onProgress)
        : await createProduct(data, onProgress);
      onSaved(message);
    });

  /** Saves the form to the product's draft (or an unpublished product itself); `thenLink`: stays open with a link. */
  const keep = (thenLink: boolean) =>
    form.save(
      async (onProgress) => {
        if (!product) return;
        const data = productFormData(values, image, { state: false });
        const { message } = await drafts.keep(product, data, thenLink, onProgress);
        // Stored now: the next save sends no file again.
        setImage(null);
        // A preview keeps the form open to share the link; a draft saved closes it.
        if (!thenLink) onSaved(message);
      },
      { fallback: 'The draft could not be saved. Please try again.' },
    );

  const discard = () =>
    form.save(
      async () => {
        if (product) onSaved((await drafts.discard(product)).message);
      },
      { check: false, fallback: 'The draft could not be discarded. Please try again.' },
    );

  /** A version became the product's draft: the form shows it, and Publish draft then makes it live. */
  const showRestored = (message: string) =>
    form.save(
      async () => {
        if (product) await drafts.restore(product, message);
      },
      { check: false, fallback: 'The restored draft could not be read. Please close the product and open it again.' },
    );

  const title = product ? 'Edit Product' : 'Add Product';
  return (
    <>
      <ModalDialog
        ref={dialog}
        open={editing !== null}
        busy={busy}
        onCancel={onClose}
        labelledBy={`${id}-title`}
        className="max-h-[calc(100dvh-1rem)] w-[min(44rem,calc(100vw-1rem))] overflow-y-auto p-0"
      >
        <form
          noValidate
          className="flex flex-col gap-4 p-4 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void save();
          }}
        >
          <h2 id={`${id}-title`} className="m-0 text-xl font-bold">
            {title}
          </h2>
          <DraftPanel
            draft={drafts.draft}
            link={drafts.link}
            restored={drafts.restored}
            busy={busy}
            onDiscard={() => void discard()}
          />
          <Field id={`${id}-name`} label="Name" error={errors.name}>
            <input
              id={`${id}-name`}
              name="name"
              className={fieldClass}
              maxLength={PRODUCT_NAME_MAX}
              required
              value={values.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              onChange={(e) => set('name', e.target.value)}
            />
          </Field>
          <Field id={`${id}-description`} label="Description" error={errors.description}>
            <textarea
              id={`${id}-description`}
              name="description"
              rows={4}
              className={fieldClass}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              value={values.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description')}
              onChange={(e) => set('description', e.target.value)}
            />
          </Field>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field id={`${id}-price`} label={`Price (${currency})`} error={errors.price} hint="For example 12.50">
              <input
                id={`${id}-price`}
                name="price"
                inputMode="decimal"
                autoComplete="off"
                className={fieldClass}
                value={values.price}
                placeholder="0.00"
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={errors.price ? describedBy('price') : `${id}-price-hint`}
                onChange={(e) => set('price', e.target.value)}
              />
            </Field>
            <Field id={`${id}-category`} label="Category" error={errors.category}>
              <select
                id={`${id}-category`}
                name="category"
                className={fieldClass}
                value={values.category}
                aria-invalid={errors.category ? true : undefined}
                aria-describedby={describedBy('category')}
                onChange={(e) => set('category', e.target.value)}
              >
                {!categories.includes(values.category) && (
                  <option value={values.category}>{values.category || 'Choose one'}</option>
                )}
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-stock`} label="Stock" error={errors.stock}>
              <input
                id={`${id}-stock`}
                name="stock"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className={fieldClass}
                value={values.stock}
                aria-invalid={errors.stock ? true : undefined}
                aria-describedby={describedBy('stock')}
                onChange={(e) => set('stock', e.target.value)}
              />
            </Field>
          </div>
          <Field id={`${id}-tags`} label="Tags" error={errors.tags} hint="Separated by commas, e.g. desk, gift">
            <input
              id={`${id}-tags`}
              name="tags"
              className={fieldClass}
              value={values.tags}
              aria-invalid={errors.tags ? true : undefined}
              aria-describedby={errors.tags ? describedBy('tags') : `${id}-tags-hint`}
              onChange={(e) => set('tags', e.target.value)}
            />
          </Field>
          {!drafts.draft && (
            <div>
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  id={`${id}-published`}
                  name="published"
                  {...invalidProps(`${id}-published`, errors.published)}
                  className="h-4 w-4 accent-[var(--color-primary)]"
                  checked={values.published}
                  onChange={(e) => set('published', e.target.checked)}
                />
                Published (shown in the shop)
              </label>
              <FieldError id={`${id}-published`} error={errors.published} />
            </div>
          )}
          <ProductImageField
            current={drafts.image ?? product?.image ?? ''}
            isNew={product === null}
            file={image}
            error={errors.image ?? ''}
            onChange={(file, error) => {
              setImage(file);
              if (error) mark('image', error);
              else clear('image');
            }}
          />
          <RecordFormFooter failure={failure} progress={progress} busy={busy} onCancel={onClose}>
            {product && (
              <DraftActions
                keepsDraft={drafts.keepsDraft}
                busy={busy}
                onSaveDraft={() => void keep(false)}
                onPreview={() => void keep(true)}
                onHistory={drafts.openHistory}
              />
            )}
            <button type="submit" disabled={busy} className="brand-button px-4 py-2 font-semibold disabled:opacity-60">
              {busy ? 'Saving...' : drafts.draft ? 'Publish draft' : product ? 'Save Changes' : 'Create Product'}
            </button>
          </RecordFormFooter>
        </form>
      </ModalDialog>
      {/* Beside the form, not in it: its controls and buttons are no part of the product's form. */}
      <RevisionsDialog
        itemPath={drafts.historyPath}
        title={product ? `History of "${product.name}"` : 'History'}
        onClose={drafts.closeHistory}
        onRestored={(message) => void showRestored(message)}
      />
    </>
  );
}

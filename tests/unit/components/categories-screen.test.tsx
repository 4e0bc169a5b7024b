import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import CategoryList from '../../../src/components/admin/categories/CategoryList.tsx';
import DeleteCategoryDialog from '../../../src/components/admin/categories/DeleteCategoryDialog.tsx';
import { kindFromSearch, savedNotice } from '../../../src/components/admin/categories/categories-screen.ts';
import type { AdminCategory } from '../../../src/shared/schemas/category.ts';
import { stubModalDialogs } from './helpers/browser.ts';

beforeAll(stubModalDialogs);

const category = (name: string, order: number, items: number): AdminCategory => ({
  _id: `id-${name}`,
  kind: 'product',
  name,
  slug: name.toLowerCase(),
  order,
  items,
});
const CATEGORIES = [category('Cakes', 0, 2), category('Pies', 1, 0), category('Bread', 2, 1)];

describe('the category list', () => {
  const renderList = (onRename = vi.fn(() => Promise.resolve(true)), onMove = vi.fn()) =>
    render(
      <CategoryList
        categories={CATEGORIES}
        address="/shop?category="
        busy={false}
        onMove={onMove}
        onRename={onRename}
        onDelete={vi.fn()}
      />,
    );

  it('shows each category in order with its item count and filter address; the ends cannot move past', () => {
    const onMove = vi.fn();
    renderList(undefined, onMove);
    const rows = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Cakes2 items · /shop?category=cakes'),
      expect.stringContaining('Pies0 items'),
      expect.stringContaining('Bread1 item · '),
    ]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Cakes up' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Bread down' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Pies up' }));
    expect(onMove).toHaveBeenCalledWith(1, -1);
  });

  it('renames inline: Enter saves the name and address, Escape leaves them as they were', async () => {
    const onRename = vi.fn(() => Promise.resolve(true));
    renderList(onRename);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Pies' }));
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Tarts' } });
    await act(() => Promise.resolve(fireEvent.submit(name.form ?? name)));
    expect(onRename).toHaveBeenCalledWith(CATEGORIES[1], { name: 'Tarts', slug: 'pies' });
    expect(screen.queryByLabelText('Name')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Cakes' }));
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(onRename).toHaveBeenCalledTimes(1);
  });
});

describe('the removal dialog', () => {
  it('says how many items move and where, and hands the chosen category on', () => {
    const onConfirm = vi.fn();
    render(
      <DeleteCategoryDialog
        category={CATEGORIES[0] ?? null}
        siblings={CATEGORIES}
        busy={false}
        error=""
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Cakes?' });
    expect(dialog.textContent).toContain('2 items in Cakes will move to Pies, then Cakes is removed.');
    fireEvent.change(within(dialog).getByLabelText('Move its 2 items to'), { target: { value: 'id-Bread' } });
    expect(dialog.textContent).toContain('will move to Bread');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and remove' }));
    expect(onConfirm).toHaveBeenCalledWith(CATEGORIES[0], 'id-Bread');
  });

  it('removes a category without items after a plain question', () => {
    const onConfirm = vi.fn();
    render(
      <DeleteCategoryDialog
        category={CATEGORIES[1] ?? null}
        siblings={CATEGORIES}
        busy={false}
        error="The category could not be removed."
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Pies?' });
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).toBe('The category could not be removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledWith(CATEGORIES[1], '');
  });
});

describe('the screen rules', () => {
  it('reads the kind from the address, products by default, and says where a change shows', () => {
    expect(kindFromSearch('?kind=audio')).toBe('audio');
    expect(kindFromSearch('?kind=cakes')).toBe('product');
    expect(savedNotice('Cakes was added', 'product')).toBe(
      'Cakes was added. Shop shows the change once the site is rebuilt.',
    );
  });
});

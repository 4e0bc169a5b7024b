import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentFormSlot } from '../../../src/components/admin/content/ui/ContentPanel.tsx';
import ContentPanel from '../../../src/components/admin/content/ui/ContentPanel.tsx';
import PanelToolbar from '../../../src/components/admin/content/ui/PanelToolbar.tsx';
import { apiError, stubModalDialogs } from './helpers/browser.ts';

beforeAll(stubModalDialogs);

interface Widget {
  id: string;
  name: string;
  published: boolean;
}

/** A tab over an in-memory list: the panel gets plain functions, as a real tab gets its API module's. */
function setup(start: Widget[]) {
  let rows = start.map((w) => ({ ...w }));
  const api = {
    load: vi.fn(() => Promise.resolve(rows.map((w) => ({ ...w })))),
    setPublished: vi.fn((id: string, published: boolean) => {
      rows = rows.map((w) => (w.id === id ? { ...w, published } : w));
      return Promise.resolve({ message: published ? 'Widget published' : 'Widget unpublished' });
    }),
    remove: vi.fn((id: string) => {
      rows = rows.filter((w) => w.id !== id);
      return Promise.resolve({ message: 'Widget deleted' });
    }),
  };
  const slots: ContentFormSlot<Widget>[] = [];
  const toCard = (w: Widget) => ({
    id: w.id,
    title: w.name,
    caption: '',
    image: null,
    createdAt: '2026-11-22T18:00:00.000Z',
    published: w.published,
  });
  render(
    <ContentPanel<Widget>
      query=""
      view="grid"
      label="Widgets"
      noun="widget"
      load={api.load}
      toCard={toCard}
      setPublished={api.setPublished}
      remove={api.remove}
      toolbar={(openNew) => <PanelToolbar addLabel="New widget" onAdd={openNew} />}
      form={(slot) => {
        slots.push(slot);
        return slot.target === null ? null : (
          <>
            <button type="button" onClick={() => slot.onSaved('Widget saved')}>
              Save form of {slot.target === 'new' ? 'new' : slot.target.name}
            </button>
            <button type="button" onClick={slot.onClose}>
              Cancel form
            </button>
          </>
        );
      }}
    />,
  );
  return { api, slots };
}

const card = (name: string) => {
  const found = screen.getAllByTestId('content-card').find((c) => within(c).queryByRole('heading', { name }));
  assert(found, `a card named ${name}`);
  return found;
};

describe('ContentPanel', () => {
  it('lists the loaded items and publishes one, with the answer in the notice and a fresh list', async () => {
    const { api } = setup([{ id: 'w1', name: 'Sprocket', published: false }]);
    await screen.findByRole('heading', { name: 'Sprocket' });
    expect(within(card('Sprocket')).getByText('Draft')).toBeTruthy();
    await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Publish Sprocket' }))));
    expect(api.setPublished).toHaveBeenCalledWith('w1', true);
    expect(screen.getByRole('status').textContent).toBe('Widget published');
    await waitFor(() => expect(within(card('Sprocket')).getByText('Published')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Unpublish Sprocket' })).toBeTruthy();
  });

  it("asks before a delete, names the item, and reads 'The {noun} could not be deleted.' when the server sends no message", async () => {
    const { api } = setup([
      { id: 'w1', name: 'Sprocket', published: true },
      { id: 'w2', name: 'Gear', published: true },
    ]);
    await screen.findByRole('heading', { name: 'Gear' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gear' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('“Gear” will be removed for good');
    api.remove.mockRejectedValueOnce(apiError(500, {}));
    await act(() => Promise.resolve(fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))));
    expect(screen.getByRole('status').textContent).toBe('The widget could not be deleted.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gear' }));
    await act(() =>
      Promise.resolve(fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))),
    );
    expect(api.remove).toHaveBeenLastCalledWith('w2');
    expect(screen.getByRole('status').textContent).toBe('Widget deleted');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Gear' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Sprocket' })).toBeTruthy();
  });

  it("opens the form with 'new' or the item, hands it every item, and on save closes it and shows the message", async () => {
    const { api, slots } = setup([{ id: 'w1', name: 'Sprocket', published: false }]);
    await screen.findByRole('heading', { name: 'Sprocket' });
    expect(slots.at(-1)?.items.map((w) => w.name)).toEqual(['Sprocket']);
    fireEvent.click(screen.getByRole('button', { name: 'New widget' }));
    expect(screen.getByRole('button', { name: 'Save form of new' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sprocket' }));
    const loads = api.load.mock.calls.length;
    await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Save form of Sprocket' }))));
    expect(screen.queryByRole('button', { name: /^Save form of/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Widget saved');
    expect(api.load.mock.calls.length).toBe(loads + 1);
  });

  it('reloads the list quietly when a form is cancelled, so what it kept (a draft made by Preview) shows', async () => {
    const { api } = setup([{ id: 'w1', name: 'Sprocket', published: true }]);
    await screen.findByRole('heading', { name: 'Sprocket' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sprocket' }));
    const loads = api.load.mock.calls.length;
    await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Cancel form' }))));
    expect(screen.queryByRole('button', { name: /^Save form of/ })).toBeNull();
    await waitFor(() => expect(api.load.mock.calls.length).toBe(loads + 1));
    // Quietly: the cards stay while it loads, and no notice is shown.
    expect(screen.getByRole('heading', { name: 'Sprocket' })).toBeTruthy();
    expect(screen.queryByRole('status')?.textContent ?? '').toBe('');
  });
});

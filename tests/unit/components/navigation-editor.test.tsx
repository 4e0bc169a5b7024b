/**
 * The Navigation screen: the empty sections named, rows moved, renamed, hidden and added, a custom link's unsafe
 * address refused before sending, the whole menu sent on Save, and a server refusal shown on its row.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ManageNavigation from '../../../src/components/admin/navigation/ManageNavigation.tsx';
import { fetchAdminNavigation, saveNavigationMenu } from '../../../src/lib/api/navigation.ts';
import { defaultMenu, type AdminNavigation, type MenuItem } from '../../../src/shared/navigation.ts';
import type { User } from '../../../src/shared/types.ts';

// The screen past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/navigation.ts', () => ({
  fetchAdminNavigation: vi.fn(),
  saveNavigationMenu: vi.fn(),
}));

const navigation = (): AdminNavigation => ({
  header: defaultMenu('header'),
  footer: defaultMenu('footer'),
  emptySections: ['videos', 'documents'],
  pages: [{ _id: 'p1', title: 'Terms', slug: 'terms', published: true }],
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchAdminNavigation).mockResolvedValue(navigation());
});

/** The header card's queries, once the menus have loaded. */
async function headerCard() {
  render(<ManageNavigation />);
  return within(await screen.findByRole('region', { name: 'Header menu' }));
}
type Card = Awaited<ReturnType<typeof headerCard>>;
const row = (card: Card, n: number) => within(card.getByRole('group', { name: `Link ${n}` }));

describe('the Navigation screen', () => {
  it('names the sections with nothing published, and why an automatic link to one is not shown', async () => {
    const card = await headerCard();
    expect(screen.getByText(/Nothing is published in Videos and Documents yet/)).toBeTruthy();
    expect(row(card, 5).getByText('Not shown now: Videos has nothing published.')).toBeTruthy();
    expect(row(card, 2).queryByText(/Not shown/)).toBeNull();
  });

  it('saves the whole menu as edited: moved, renamed, hidden and a custom link added', async () => {
    const card = await headerCard();
    fireEvent.click(card.getByRole('button', { name: 'Move Shop down' }));
    expect(row(card, 3).getByLabelText<HTMLInputElement>('Label').value).toBe('Shop');
    fireEvent.change(row(card, 3).getByLabelText('Label'), { target: { value: 'Store' } });
    fireEvent.change(row(card, 6).getByLabelText('Visibility'), { target: { value: 'hidden' } });
    fireEvent.click(card.getByRole('button', { name: 'Add link' }));
    fireEvent.change(row(card, 8).getByLabelText('Goes to'), { target: { value: 'link' } });
    fireEvent.change(row(card, 8).getByLabelText('Address'), { target: { value: '//elsewhere.example' } });

    fireEvent.click(card.getByRole('button', { name: 'Save header menu' }));
    expect(card.getByRole('status').textContent).toBe(
      'Link 8 address must be a site path starting with / or an https:// address.',
    );
    expect(row(card, 8).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(saveNavigationMenu).not.toHaveBeenCalled();

    fireEvent.change(row(card, 8).getByLabelText('Address'), { target: { value: '/contact' } });
    fireEvent.change(row(card, 8).getByLabelText('Label'), { target: { value: 'Write to us' } });
    vi.mocked(saveNavigationMenu).mockImplementation((_, items) =>
      Promise.resolve({ message: 'Header menu saved', navigation: { ...navigation(), header: [...items] } }),
    );
    fireEvent.click(card.getByRole('button', { name: 'Save header menu' }));
    await waitFor(() =>
      expect(card.getByRole('status').textContent).toBe('Header menu saved. Visitors see it once the site is rebuilt.'),
    );
    const [menu, items] = vi.mocked(saveNavigationMenu).mock.calls[0] ?? [];
    expect(menu).toBe('header');
    expect((items ?? []).map((item: MenuItem) => [item.label, item.visibility])).toEqual([
      ['Home', 'auto'],
      ['Blogs', 'auto'],
      ['Store', 'auto'],
      ['Photos', 'auto'],
      ['Videos', 'auto'],
      ['Audio', 'hidden'],
      ['Events', 'auto'],
      ['Write to us', 'auto'],
    ]);
    expect(items?.[7]).toEqual({ kind: 'link', url: '/contact', label: 'Write to us', visibility: 'auto' });
  });

  it("shows the server's refusal on the row and field it names", async () => {
    const card = await headerCard();
    vi.mocked(saveNavigationMenu).mockRejectedValue({
      data: { message: 'Link 2 names a page that does not exist.', field: 'items.1.page' },
    });
    fireEvent.change(row(card, 2).getByLabelText('Goes to'), { target: { value: 'page:p1' } });
    expect(row(card, 2).getByLabelText<HTMLInputElement>('Label').value).toBe('Terms');
    fireEvent.click(card.getByRole('button', { name: 'Save header menu' }));
    await waitFor(() => expect(row(card, 2).getByLabelText('Goes to').getAttribute('aria-invalid')).toBe('true'));
    expect(row(card, 2).getAllByText('Link 2 names a page that does not exist.').length).toBeGreaterThan(0);
  });
});

/**
 * Destructive admin actions ask first and say what follows: deactivating (or deleting) the only active slider leaves
 * the home page on the default hero; removing a team member takes them off About. Cancel changes nothing.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import SliderEditor from '../../../src/components/admin/sliders/SliderEditor.tsx';
import ManageTeam from '../../../src/components/admin/team/ManageTeam.tsx';
import { deleteSlider, fetchAdminSliders, setSliderActive, updateSlider } from '../../../src/lib/api/admin/sliders.ts';
import { deleteTeamMember, fetchAdminTeam } from '../../../src/lib/api/team.ts';
import type { TeamMember } from '../../../src/shared/schemas/team.ts';
import { withSearchButtonDefaults } from '../../../src/shared/slider.ts';
import type { AdminSlider } from '../../../src/shared/sliders-admin.ts';
import type { User } from '../../../src/shared/types.ts';

// The screens past the admin check (covered by admin-gate.test.ts); their endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/sliders.ts', () => ({
  fetchAdminSliders: vi.fn(),
  setSliderActive: vi.fn(),
  deleteSlider: vi.fn(),
  createSlider: vi.fn(),
  updateSlider: vi.fn(),
  reorderSliders: vi.fn(),
}));
vi.mock('../../../src/lib/api/company.ts', () => ({ fetchCompany: vi.fn(() => Promise.resolve({ _id: 'c1' })) }));
vi.mock('../../../src/lib/api/team.ts', () => ({
  fetchAdminTeam: vi.fn(),
  deleteTeamMember: vi.fn(),
  reorderTeam: vi.fn(),
  createTeamMember: vi.fn(),
  updateTeamMember: vi.fn(),
}));

beforeAll(() => {
  // jsdom has no modal dialogs: open and close are enough here.
  const dialog: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // The editor scrolls its form into view; jsdom does not scroll.
  const element: Partial<Element> = Element.prototype;
  element.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  vi.clearAllMocks();
  // The slider form's live preview asks about the visitor's motion preference (jsdom has no media queries)...
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  // ...and measures itself; jsdom has no layout to observe.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe = () => undefined;
      unobserve = () => undefined;
      disconnect = () => undefined;
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slider = (id: string, title: string, isActive: boolean, order: number): AdminSlider => ({
  draft: null,
  _id: id,
  title,
  subtitle: '',
  link: '',
  order,
  type: 'photo',
  image: '/uploads/hero.jpg',
  button1_text: '',
  button1_link: '',
  button2_text: '',
  button2_link: '',
  contentAlignment: 'center',
  isActive,
  isGlobalSettings: false,
  company: 'c1',
  searchButton: withSearchButtonDefaults({}),
});

/** The one modal shown, if any (a closed <dialog> stays in the page, hidden). */
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]') ?? undefined;
const HERO_NOTE = 'The home page will show the default hero until you activate another slide.';

describe('SliderEditor', () => {
  it('asks before the only active slider is deactivated, and Cancel keeps it active', async () => {
    vi.mocked(fetchAdminSliders).mockResolvedValue([
      slider('s1', 'Spring Sale', true, 0),
      slider('s2', 'Old', false, 1),
    ]);
    render(<SliderEditor />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Spring Sale' }));
    const dialog = openDialog();
    expect(dialog?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(dialog as HTMLElement).getByRole('heading').textContent).toBe('Deactivate the last active slider?');
    expect(dialog?.textContent).toContain(`“Spring Sale” is the only active slider. ${HERO_NOTE}`);
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(openDialog()).toBeUndefined();
    expect(setSliderActive).not.toHaveBeenCalled();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('deactivates the last active slider once confirmed', async () => {
    vi.mocked(fetchAdminSliders).mockResolvedValue([slider('s1', 'Spring Sale', true, 0)]);
    vi.mocked(setSliderActive).mockResolvedValue({
      message: 'Slider updated',
      slider: slider('s1', 'Spring Sale', false, 0),
    });
    render(<SliderEditor />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Spring Sale' }));
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('“Spring Sale” is now inactive.')).toBeTruthy();
    expect(setSliderActive).toHaveBeenCalledWith('s1', false);
    await waitFor(() => expect(openDialog()).toBeUndefined());
  });

  it('deactivates at once while another slider stays active', async () => {
    vi.mocked(fetchAdminSliders).mockResolvedValue([
      slider('s1', 'Spring Sale', true, 0),
      slider('s2', 'Summer', true, 1),
    ]);
    vi.mocked(setSliderActive).mockResolvedValue({
      message: 'Slider updated',
      slider: slider('s1', 'Spring Sale', false, 0),
    });
    render(<SliderEditor />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Spring Sale' }));
    expect(openDialog()).toBeUndefined();
    await waitFor(() => expect(setSliderActive).toHaveBeenCalledWith('s1', false));
  });

  it('asks before the form saves the only active slider as inactive; Cancel saves nothing', async () => {
    vi.mocked(fetchAdminSliders).mockResolvedValue([slider('s1', 'Spring Sale', true, 0)]);
    vi.mocked(updateSlider).mockResolvedValue({ message: 'Slider updated' } as Awaited<
      ReturnType<typeof updateSlider>
    >);
    render(<SliderEditor />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Spring Sale' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(openDialog()?.textContent).toContain(HERO_NOTE);
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(updateSlider).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(updateSlider).toHaveBeenCalledOnce());
    expect(vi.mocked(updateSlider).mock.calls[0]?.[0]).toBe('s1');
    await waitFor(() => expect(openDialog()).toBeUndefined());
  });

  it('says the hero falls back to the default when the only active slider is to be deleted', async () => {
    vi.mocked(fetchAdminSliders).mockResolvedValue([
      slider('s1', 'Spring Sale', true, 0),
      slider('s2', 'Old', false, 1),
    ]);
    render(<SliderEditor />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring Sale' }));
    expect(openDialog()?.textContent).toContain(HERO_NOTE);
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old' }));
    expect(openDialog()?.textContent).not.toContain(HERO_NOTE);
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(deleteSlider).not.toHaveBeenCalled();
  });
});

const member = (id: string, name: string, order: number): TeamMember => ({
  _id: id,
  name,
  role: 'Engineer',
  bio: '',
  photo: '',
  order,
});

describe('ManageTeam', () => {
  it('asks before a member is removed, saying they leave the About page; Cancel keeps them', async () => {
    vi.mocked(fetchAdminTeam).mockResolvedValue([member('m1', 'Ada Lovelace', 0), member('m2', 'Alan Turing', 1)]);
    render(<ManageTeam />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = openDialog() as HTMLElement;
    expect(within(dialog).getByRole('heading').textContent).toBe('Remove team member?');
    expect(dialog.textContent).toContain(
      'Ada Lovelace will no longer appear on the About page. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(openDialog()).toBeUndefined();
    expect(deleteTeamMember).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Ada Lovelace' })).toBeTruthy();
  });

  it('says About falls back to placeholders when the last member goes, and removes once confirmed', async () => {
    vi.mocked(fetchAdminTeam)
      .mockResolvedValueOnce([member('m1', 'Ada Lovelace', 0)])
      .mockResolvedValue([]);
    vi.mocked(deleteTeamMember).mockResolvedValue({ message: 'Team member deleted' });
    render(<ManageTeam />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    expect(openDialog()?.textContent).toContain('About shows three placeholders until you add someone.');
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Ada Lovelace was removed from the team.')).toBeTruthy();
    expect(deleteTeamMember).toHaveBeenCalledWith('m1');
  });
});

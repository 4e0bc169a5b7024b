/**
 * The Update Company screen's "The logo shows the company's name" tick box: shows the stored setting with its hint, is
 * sent with the other changed fields in the one save, and a server refusal naming it is shown beside it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CompanySettings from '../../../src/components/admin/company/CompanyForm.tsx';
import { getCompany, updateCompany } from '../../../src/lib/api/admin/company.ts';
import { refreshBranding } from '../../../src/lib/stores/branding.ts';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import type { Company, User } from '../../../src/shared/types.ts';

// The screen past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/company.ts', () => ({ getCompany: vi.fn(), updateCompany: vi.fn() }));

const company = (change: Partial<Company> = {}): Company => ({
  ...withCompanyDefaults({ name: 'Letterpress Co' }),
  ...change,
});

/** The branding the screen starts from (the store keeps one per page, so each test loads its own). */
async function stored(change: Partial<Company> = {}) {
  vi.mocked(getCompany).mockResolvedValue(company(change));
  await refreshBranding();
}

beforeEach(async () => {
  vi.clearAllMocks();
  await stored();
});

const checkbox = () => screen.findByRole<HTMLInputElement>('checkbox', { name: "The logo shows the company's name" });

/** The fields of the one multipart body the save sent. */
function sentFields(): Record<string, string> {
  const form = vi.mocked(updateCompany).mock.calls[0]?.[0];
  if (!form) throw new Error('nothing was saved');
  return Object.fromEntries(
    [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
  );
}

describe("the Update Company screen's logo name setting", () => {
  it('starts unticked on a company that has not set it, with a hint saying what it does', async () => {
    render(<CompanySettings />);
    const box = await checkbox();
    expect(box.checked).toBe(false);
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/header then shows the logo alone/);
  });

  it('starts ticked when the company has set it', async () => {
    await stored({ logo_shows_name: true });
    render(<CompanySettings />);
    expect((await checkbox()).checked).toBe(true);
  });

  it('is sent as true with the other changed fields in the one save, and stays ticked after it', async () => {
    vi.mocked(updateCompany).mockResolvedValue({
      message: 'Company settings updated successfully',
      company: company({ logo_shows_name: true, tagline: 'Set in type' }),
      notices: [],
    });
    render(<CompanySettings />);
    fireEvent.click(await checkbox());
    fireEvent.change(screen.getByLabelText('Tagline'), { target: { value: 'Set in type' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Company settings updated successfully'));
    expect(sentFields()).toEqual({ tagline: 'Set in type', logo_shows_name: 'true' });
    expect((await checkbox()).checked).toBe(true);
  });

  it('is sent as false when unticked, and not sent at all when ticked and unticked again', async () => {
    await stored({ logo_shows_name: true });
    render(<CompanySettings />);
    const box = await checkbox();
    fireEvent.click(box);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Nothing to save: no setting was changed.');
    expect(updateCompany).not.toHaveBeenCalled();

    vi.mocked(updateCompany).mockResolvedValue({
      message: 'Company settings updated successfully',
      company: company(),
      notices: [],
    });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(updateCompany).toHaveBeenCalledTimes(1));
    expect(sentFields()).toEqual({ logo_shows_name: 'false' });
  });

  it('shows a refusal naming it beside the tick box', async () => {
    vi.mocked(updateCompany).mockRejectedValue(
      Object.assign(new Error('Bad Request'), {
        data: { message: 'Logo shows name must be true or false.', field: 'logo_shows_name' },
      }),
    );
    render(<CompanySettings />);
    const box = await checkbox();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Logo shows name must be true or false.');
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Logo shows name must be true or false.',
    );
    expect(document.activeElement).toBe(box);
  });
});

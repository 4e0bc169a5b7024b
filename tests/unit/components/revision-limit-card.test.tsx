/**
 * The Version history card: shown on Content Management to an admin alone, the number checked with the server's rule
 * before it is sent, the server's answer or refusal shown.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ContentManager from '../../../src/components/admin/content/ContentManager.tsx';
import RevisionLimitCard from '../../../src/components/admin/content/RevisionLimitCard.tsx';
import { fetchRevisionSettings, updateRevisionSettings } from '../../../src/lib/api/admin/revisions.ts';
import { revisionLimitSaved } from '../../../src/shared/revisions.ts';
import type { Role } from '../../../src/shared/staff-roles.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError } from './helpers/browser.ts';

const gate = vi.hoisted((): { role: Role } => ({ role: 'admin' }));

// The screen past the admin check, signed in with the role under test; the tabs' panels stand in as one line each.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'u1', role: gate.role } as User),
}));
vi.mock('../../../src/components/admin/content/images/ImagesPanel.tsx', () => ({
  default: () => <p>Images panel</p>,
}));
vi.mock('../../../src/components/admin/content/blogs/BlogsPanel.tsx', () => ({
  default: () => <p>Blogs panel</p>,
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisionSettings: vi.fn(),
  updateRevisionSettings: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchRevisionSettings).mockResolvedValue({ limit: 25 });
});

const LABEL = 'Versions kept per item';
const input = () => screen.getByLabelText<HTMLInputElement>(LABEL);
const save = async (value: string) => {
  fireEvent.change(input(), { target: { value } });
  await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: 'Save' }))));
};

describe('the Version history card on Content Management', () => {
  it('is shown to an admin with the number kept now', async () => {
    gate.role = 'admin';
    render(<ContentManager currency="USD" />);
    expect(await screen.findByRole('region', { name: 'Version history' })).toBeTruthy();
    await waitFor(() => expect(input().value).toBe('25'));
  });

  it.each<Role>(['editor', 'author'])('is not shown to an %s', async (role) => {
    gate.role = role;
    render(<ContentManager currency="USD" />);
    expect(await screen.findByText(role === 'author' ? 'Blogs panel' : 'Images panel')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Version history' })).toBeNull();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(fetchRevisionSettings).not.toHaveBeenCalled();
  });
});

describe('RevisionLimitCard', () => {
  it('refuses a number outside the bounds before sending', async () => {
    render(<RevisionLimitCard />);
    await screen.findByLabelText(LABEL);
    await save('1');
    expect(screen.getByRole('alert').textContent).toBe('Versions kept per item must be at least 2.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    await save('501');
    expect(screen.getByRole('alert').textContent).toBe('Versions kept per item must be at most 500.');
    await save('');
    expect(screen.getByRole('alert').textContent).toBe('Versions kept per item is required.');
    expect(updateRevisionSettings).not.toHaveBeenCalled();
    // Editing the number lets go of the refusal.
    fireEvent.change(input(), { target: { value: '30' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the number and shows the server’s answer', async () => {
    vi.mocked(updateRevisionSettings).mockResolvedValueOnce({
      message: revisionLimitSaved(40),
      settings: { limit: 40 },
    });
    render(<RevisionLimitCard />);
    await screen.findByLabelText(LABEL);
    await save('40');
    expect(updateRevisionSettings).toHaveBeenCalledWith({ limit: 40 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(revisionLimitSaved(40)));
    expect(input().value).toBe('40');
  });

  it('shows the server’s refusal under the field', async () => {
    vi.mocked(updateRevisionSettings).mockRejectedValueOnce(
      apiError(403, { message: 'Only an admin may change this setting.' }),
    );
    render(<RevisionLimitCard />);
    await screen.findByLabelText(LABEL);
    await save('40');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Only an admin may change this setting.'));
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

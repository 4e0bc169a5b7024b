/**
 * The event form's drafts, previews and history: a published event's changes (its fields, price, capacity and a new
 * picture) kept as a draft, a preview link shared without closing, an event with a draft opened on it and published
 * from it, the draft discarded, and a version from the history restored into the form.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import EventFormDialog from '../../../src/components/admin/content/events/EventFormDialog.tsx';
import { createEvent, updateEvent } from '../../../src/lib/api/admin/content.ts';
import {
  discardEventDraft,
  eventPreviewLink,
  fetchEventDraft,
  publishEventDraft,
  saveEventDraft,
} from '../../../src/lib/api/admin/events.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import type { AdminEvent, EventDraft } from '../../../src/shared/schemas/event-admin.ts';
import { stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/events.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/events.ts')>()),
  fetchEventDraft: vi.fn(),
  saveEventDraft: vi.fn(),
  discardEventDraft: vi.fn(),
  publishEventDraft: vi.fn(),
  eventPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/content.ts', () => ({ createEvent: vi.fn(), updateEvent: vi.fn() }));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() => Promise.resolve([{ _id: 'c1', name: 'Music', items: 1 }])),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const EVENT: AdminEvent = {
  _id: 'e1',
  slug: 'harbour-festival',
  name: 'Harbour festival',
  title: '',
  description: 'Bands all day.',
  image: '/media/festival.webp',
  address: '1 Quay Street',
  city: 'Portsmouth',
  start_date: '2030-07-01T16:00:00.000Z',
  end_date: '2030-07-01T19:00:00.000Z',
  date: '2030-07-01T16:00:00.000Z',
  location: 'The old dock',
  category: 'Music',
  eventType: 'local',
  isVirtual: false,
  registrations: 2,
  price: 0,
  timeZone: 'Europe/Paris',
  published: true,
  capacity: 10,
  createdAt: '2026-11-01T10:00:00.000Z',
  draft: null,
};

const DRAFT: EventDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: {
    name: 'Harbour festival, night',
    title: '',
    description: 'Lanterns at dusk.',
    timeZone: 'Europe/Paris',
    start: '2030-07-01T20:00',
    end: '2030-07-01T23:00',
    eventType: 'local',
    location: 'The old dock',
    address: '1 Quay Street',
    city: 'Portsmouth',
    category: 'Music',
    price: 12.5,
    capacity: 40,
    image: '/media/night.webp',
  },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

/** The fields a published event's draft sends when nothing was changed: its times on its own clock. */
const DRAFT_FIELDS = {
  name: 'Harbour festival',
  title: '',
  description: 'Bands all day.',
  start: '2030-07-01T18:00',
  end: '2030-07-01T21:00',
  timeZone: 'Europe/Paris',
  eventType: 'local',
  location: 'The old dock',
  address: '1 Quay Street',
  city: 'Portsmouth',
  category: 'Music',
  price: '0',
  capacity: '10',
};

/** Opens the form on `event` once its category list has arrived. */
async function open(event: AdminEvent, onSaved = vi.fn()) {
  render(<EventFormDialog target={event} onClose={() => undefined} onSaved={onSaved} />);
  await act(() => Promise.resolve());
  return onSaved;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
/** The fields a call sent, by name. */
const sent = (form: FormData | undefined) => Object.fromEntries(form ?? new FormData());
const picture = new File(['bytes'], 'night.png', { type: 'image/png' });
const CAPACITY = 'Capacity (seats; empty for no limit)';

describe('EventFormDialog and drafts', () => {
  it('keeps a published event’s changes, price, capacity and new picture as a draft, without its state', async () => {
    vi.mocked(saveEventDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = await open(EVENT);
    type('Name', 'Harbour festival, night');
    type('Price', '12.50');
    type(CAPACITY, '40');
    fireEvent.change(field('Cover image'), { target: { files: [picture] } });
    await click('Save draft');
    const [id, form, onProgress] = vi.mocked(saveEventDraft).mock.calls[0] ?? [];
    expect(id).toBe('e1');
    expect(sent(form)).toEqual({
      ...DRAFT_FIELDS,
      name: 'Harbour festival, night',
      price: '12.50',
      capacity: '40',
      image: picture,
    });
    expect(onProgress).toBeTypeOf('function');
    expect(updateEvent).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('refuses in the form what the event’s own save refuses, sending nothing', async () => {
    await open(EVENT);
    type('Ends', '2030-07-01T17:00');
    await click('Save draft');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(field('Ends').getAttribute('aria-invalid')).toBe('true');
    expect(saveEventDraft).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(saveEventDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(eventPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = await open(EVENT);
    type('Description', 'Lanterns at dusk.');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(sent(vi.mocked(saveEventDraft).mock.calls[0]?.[1])).toMatchObject({ description: 'Lanterns at dusk.' });
    expect(eventPreviewLink).toHaveBeenCalledWith('e1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('previews an unpublished event by saving the event itself, its state left as it is', async () => {
    const unpublished = { ...EVENT, published: false };
    vi.mocked(updateEvent).mockResolvedValueOnce({ message: 'Event updated', event: unpublished });
    vi.mocked(eventPreviewLink).mockResolvedValueOnce(LINK);
    await open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(vi.mocked(updateEvent).mock.calls[0]?.[0]).toBe('e1');
    expect(sent(vi.mocked(updateEvent).mock.calls[0]?.[1])).toEqual(DRAFT_FIELDS);
    expect(saveEventDraft).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves an event without a draft as before: its state in the PUT', async () => {
    vi.mocked(updateEvent).mockResolvedValueOnce({ message: 'Event updated', event: EVENT });
    const onSaved = await open(EVENT);
    fireEvent.change(field('Status'), { target: { value: 'false' } });
    await click('Save');
    expect(sent(vi.mocked(updateEvent).mock.calls[0]?.[1])).toEqual({ ...DRAFT_FIELDS, published: 'false' });
    expect(saveEventDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Event updated');
  });

  it('opens an event with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchEventDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveEventDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishEventDraft).mockResolvedValueOnce({ message: 'Draft published.', item: EVENT });
    const onSaved = await open({ ...EVENT, draft: DRAFT });
    await waitFor(() => expect(field('Name').value).toBe('Harbour festival, night'));
    expect(fetchEventDraft).toHaveBeenCalledWith('e1');
    expect([field('Starts').value, field('Price').value, field(CAPACITY).value]).toEqual([
      '2030-07-01T20:00',
      '12.5',
      '40',
    ]);
    expect(screen.getByText(/Keeps the current picture unless you choose another/)).toBeTruthy();
    expect(screen.queryByLabelText('Status')).toBeNull();
    type('City', 'Southsea');
    await click('Publish draft');
    expect(sent(vi.mocked(saveEventDraft).mock.calls[0]?.[1])).toEqual({
      ...DRAFT_FIELDS,
      name: 'Harbour festival, night',
      description: 'Lanterns at dusk.',
      start: '2030-07-01T20:00',
      end: '2030-07-01T23:00',
      city: 'Southsea',
      price: '12.5',
      capacity: '40',
    });
    expect(publishEventDraft).toHaveBeenCalledWith('e1');
    expect(updateEvent).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchEventDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardEventDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: EVENT });
    const onSaved = await open({ ...EVENT, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    type('Name', '');
    await click('Discard draft');
    expect(discardEventDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardEventDraft).toHaveBeenCalledWith('e1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new event, and creates it with its state', async () => {
    vi.mocked(createEvent).mockResolvedValueOnce({ message: 'Event created', event: EVENT });
    render(<EventFormDialog target="new" onClose={() => undefined} onSaved={() => undefined} />);
    await act(() => Promise.resolve());
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    for (const [label, value] of Object.entries({
      Name: 'Regatta',
      Starts: '2030-08-01T10:00',
      Ends: '2030-08-01T16:00',
      Address: 'The pier',
      City: 'Portsmouth',
    }))
      type(label, value);
    await click('Save');
    expect(sent(vi.mocked(createEvent).mock.calls[0]?.[0])).toMatchObject({ name: 'Regatta', published: 'false' });
  });
});

describe('EventFormDialog and the history', () => {
  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Name'));
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: EventDraft = {
      ...DRAFT,
      savedBy: 'Ed Editor',
      fields: { ...DRAFT.fields, name: 'First festival' },
    };
    vi.mocked(fetchEventDraft).mockResolvedValueOnce(restored);
    const onSaved = await open(EVENT);
    await restoreVersionOne('/api/admin/events/e1', restored, async () => {
      expect(await screen.findByRole('heading', { name: 'History of "Harbour festival"' })).toBeTruthy();
      expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/events/e1');
    });
    await waitFor(() => expect(field('Name').value).toBe('First festival'));
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

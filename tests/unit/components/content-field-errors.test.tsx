/**
 * The admin's add/edit dialogs show a server refusal `{ message, field }` under the field it names: the control is
 * aria-invalid, described by the message and focused; editing it lets go. A refusal naming no field, or one the dialog
 * does not show, is said once for the whole form above its buttons. Every dialog shares the one mechanism, so one table.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest';
import AudioFormDialog from '../../../src/components/admin/content/audio/AudioFormDialog.tsx';
import BlogFormDialog from '../../../src/components/admin/content/blogs/BlogFormDialog.tsx';
import DocumentFormDialog from '../../../src/components/admin/content/documents/DocumentFormDialog.tsx';
import EventFormDialog from '../../../src/components/admin/content/events/EventFormDialog.tsx';
import PhotoEditDialog from '../../../src/components/admin/content/images/PhotoEditDialog.tsx';
import PageFormDialog from '../../../src/components/admin/content/pages/PageFormDialog.tsx';
import PlanFormDialog from '../../../src/components/admin/content/plans/PlanFormDialog.tsx';
import VideoFormDialog from '../../../src/components/admin/content/videos/VideoFormDialog.tsx';
import ProductFormDialog from '../../../src/components/admin/products/ProductFormDialog.tsx';
import { createAudio, createEvent, createVideo, updatePhoto } from '../../../src/lib/api/admin/content.ts';
import { createBlog } from '../../../src/lib/api/admin/blogs.ts';
import { createDocument } from '../../../src/lib/api/admin/documents.ts';
import { createPage } from '../../../src/lib/api/admin/pages.ts';
import { createPlan } from '../../../src/lib/api/admin/plans.ts';
import { createProduct } from '../../../src/lib/api/admin/products.ts';
import type { AdminPhoto } from '../../../src/shared/photos-admin.ts';
import { apiError, consoleMessages, watchConsoleErrors, stubModalDialogs } from './helpers/browser.ts';
import { expectMarked, expectUnmarked, type } from './helpers/field-errors.ts';

// The endpoint functions are mocked; each form's own rules (shared with the server) stay real.
vi.mock('../../../src/lib/api/admin/blogs.ts', () => ({ createBlog: vi.fn(), updateBlog: vi.fn() }));
vi.mock('../../../src/lib/api/admin/content.ts', () => ({
  createVideo: vi.fn(),
  updateVideo: vi.fn(),
  createEvent: vi.fn(),
  updateEvent: vi.fn(),
  createAudio: vi.fn(),
  updateAudio: vi.fn(),
  updatePhoto: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/pages.ts', () => ({ createPage: vi.fn(), updatePage: vi.fn() }));
vi.mock('../../../src/lib/api/admin/plans.ts', () => ({ createPlan: vi.fn(), updatePlan: vi.fn() }));
vi.mock('../../../src/lib/api/admin/documents.ts', () => ({ createDocument: vi.fn(), updateDocument: vi.fn() }));
vi.mock('../../../src/lib/api/admin/products.ts', () => ({ createProduct: vi.fn(), updateProduct: vi.fn() }));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() => Promise.resolve([{ _id: 'c1', name: 'Books', items: 0 }])),
}));

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.clearAllMocks();
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

const PHOTO: AdminPhoto = {
  _id: 'p1',
  title: 'Harbour',
  caption: '',
  image: '/media/p1.jpg',
  tags: [],
  category: '',
  resolution: '40x30',
  createdAt: '2026-11-01T10:00:00.000Z',
  views: 0,
  likes: 0,
  downloads: 0,
  published: true,
  draft: null,
};

const field = (label: string | RegExp) => screen.getByLabelText(label);
const choose = (label: string | RegExp, file: File) => fireEvent.change(field(label), { target: { files: [file] } });
const fileOf = (name: string, type: string) => new File(['bytes'], name, { type });
const noop = () => undefined;

interface Row {
  dialog: string;
  render: () => ReactElement;
  /** Fills what the browser's own check asks for, so the form is sent. */
  fill: () => void;
  send: () => Mock;
  save: string;
  /** A field the server may refuse, by its name in the answer and its label on the screen. */
  field: string;
  label: string | RegExp;
  /** Changes that field, as the admin would. */
  edit: () => void;
}

const ROWS: Row[] = [
  {
    dialog: 'BlogFormDialog',
    render: () => <BlogFormDialog blog="new" onClose={noop} onSaved={noop} />,
    fill: () => type(field('Title'), 'Hello'),
    send: () => vi.mocked(createBlog),
    save: 'Save',
    field: 'title',
    label: 'Title',
    edit: () => type(field('Title'), 'Hello again'),
  },
  {
    dialog: 'BlogFormDialog',
    render: () => <BlogFormDialog blog="new" onClose={noop} onSaved={noop} />,
    fill: () => type(field('Title'), 'Hello'),
    send: () => vi.mocked(createBlog),
    save: 'Save',
    field: 'slug',
    label: 'Address (slug)',
    edit: () => type(field('Address (slug)'), 'hello-2'),
  },
  {
    dialog: 'VideoFormDialog',
    render: () => <VideoFormDialog target="new" onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Name'), 'Launch');
      type(field('YouTube link'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    },
    send: () => vi.mocked(createVideo),
    save: 'Save',
    field: 'name',
    label: 'Name',
    edit: () => type(field('Name'), 'Launch day'),
  },
  {
    dialog: 'EventFormDialog',
    render: () => <EventFormDialog target="new" onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Name'), 'Meetup');
      type(field('Starts'), '2030-05-01T18:00');
      type(field('Ends'), '2030-05-01T20:00');
      type(field('Address'), '1 Quay Street');
      type(field('City'), 'Harbourtown');
    },
    send: () => vi.mocked(createEvent),
    save: 'Save',
    field: 'end',
    label: 'Ends',
    edit: () => type(field('Ends'), '2030-05-01T21:00'),
  },
  {
    dialog: 'AudioFormDialog',
    render: () => <AudioFormDialog target="new" items={[]} onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Name'), 'Theme');
      choose('Audio file', fileOf('theme.mp3', 'audio/mpeg'));
    },
    send: () => vi.mocked(createAudio),
    save: 'Save',
    field: 'audio',
    label: 'Audio file',
    edit: () => choose('Audio file', fileOf('other.mp3', 'audio/mpeg')),
  },
  {
    dialog: 'PhotoEditDialog',
    render: () => <PhotoEditDialog photo={PHOTO} onClose={noop} onSaved={noop} />,
    fill: noop,
    send: () => vi.mocked(updatePhoto),
    save: 'Save',
    field: 'title',
    label: 'Title',
    edit: () => type(field('Title'), 'Harbour at dusk'),
  },
  {
    dialog: 'PageFormDialog',
    render: () => <PageFormDialog page="new" onClose={noop} onSaved={noop} />,
    fill: () => type(field('Title'), 'About us'),
    send: () => vi.mocked(createPage),
    save: 'Save',
    field: 'title',
    label: 'Title',
    edit: () => type(field('Title'), 'About'),
  },
  {
    dialog: 'DocumentFormDialog',
    render: () => <DocumentFormDialog target="new" onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Title'), 'Price list');
      choose('File', fileOf('prices.pdf', 'application/pdf'));
    },
    send: () => vi.mocked(createDocument),
    save: 'Upload',
    field: 'file',
    label: 'File',
    edit: () => choose('File', fileOf('prices-2.pdf', 'application/pdf')),
  },
  {
    dialog: 'PlanFormDialog',
    render: () => <PlanFormDialog target="new" currency="EUR" onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Name'), 'Basic');
      type(field('Price (EUR)'), '9');
    },
    send: () => vi.mocked(createPlan),
    save: 'Save',
    field: 'name',
    label: 'Name',
    edit: () => type(field('Name'), 'Starter'),
  },
  {
    dialog: 'ProductFormDialog',
    render: () => <ProductFormDialog editing="new" currency="EUR" onClose={noop} onSaved={noop} />,
    fill: () => {
      type(field('Name'), 'Notebook');
      type(field('Price (EUR)'), '12.50');
    },
    send: () => vi.mocked(createProduct),
    save: 'Create Product',
    field: 'name',
    label: 'Name',
    edit: () => type(field('Name'), 'Notebook A5'),
  },
];

/** Renders the row's dialog, fills it and presses its save button once the answer is set up. */
async function submit(row: Row, answer: Error) {
  row.send().mockRejectedValueOnce(answer);
  render(row.render());
  // The category lists arrive after the first render.
  await act(() => Promise.resolve());
  row.fill();
  await act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name: row.save }))));
  await waitFor(() => expect(row.send()).toHaveBeenCalledTimes(1));
  return screen.getByRole('dialog');
}

const MESSAGE = 'This value is refused by the server.';
const invalidIn = (dialog: HTMLElement) => dialog.querySelectorAll('[aria-invalid="true"]');

describe.each(ROWS.map((row) => [`${row.dialog} (${row.field})`, row] as const))('%s', (_, row) => {
  it('shows the refusal under the field it names, focuses it, and lets go when it is edited', async () => {
    const dialog = await submit(row, apiError(400, { message: MESSAGE, field: row.field }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(MESSAGE);
    const input = field(row.label);
    expectMarked(input, alert);
    // Only that field is marked, and the message is said once.
    expect(invalidIn(dialog)).toHaveLength(1);
    expect(within(dialog).getAllByText(MESSAGE)).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(input));
    row.edit();
    expectUnmarked(input);
    expect(within(dialog).queryByText(MESSAGE)).toBeNull();
  });
});

describe.each(ROWS.filter((row, i) => ROWS.findIndex((r) => r.dialog === row.dialog) === i).map((r) => [r.dialog, r]))(
  '%s',
  (_, row) => {
    it.each([
      ['names no field', { message: MESSAGE }],
      ['names a field the dialog does not show', { message: MESSAGE, field: 'views' }],
    ])('shows a refusal that %s above the buttons, marking nothing', async (_case, body) => {
      const dialog = await submit(row, apiError(400, body));
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(MESSAGE);
      expect(alert.getAttribute('id')).toBeNull();
      expect(invalidIn(dialog)).toHaveLength(0);
      // The footer's message sits just above the buttons.
      expect(alert.nextElementSibling?.contains(screen.getByRole('button', { name: row.save }))).toBe(true);
    });
  },
);

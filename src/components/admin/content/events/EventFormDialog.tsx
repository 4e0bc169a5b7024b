/**
 * Create or edit an event (POST /api/admin/events, PUT /api/admin/events/{id}; multipart with an optional `image`).
 * Start and end are wall-clock times in the chosen time zone; the server stores them as UTC instants.
 */
import { useId, useMemo, useState } from 'react';
import { createEvent, updateEvent } from '../../../../lib/api/admin/content.ts';
import { EVENT_TYPES } from '../../../../shared/constants.ts';
import { CAPACITY_MAX } from '../../../../shared/events.ts';
import {
  checkEvent,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_TEXT_MAX,
  timeZoneOptions,
  type AdminEvent,
} from '../../../../shared/schemas/event-admin.ts';
import { utcToZoned } from '../../../../shared/time-zone.ts';
import { inputClass as baseInputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import FileInput from '../ui/FileInput.tsx';
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

const inputClass = `${baseInputClass} ${INVALID_BORDER}`;

const LOCATION_TYPES = [
  ['local', 'Local'],
  ['national', 'National'],
  ['international', 'International'],
  ['virtual', 'Virtual'],
] as const satisfies readonly (readonly [(typeof EVENT_TYPES)[number], string])[];

interface Form {
  name: string;
  title: string;
  description: string;
  start: string;
  end: string;
  timeZone: string;
  eventType: (typeof EVENT_TYPES)[number];
  location: string;
  address: string;
  city: string;
  category: string;
  price: string;
  capacity: string;
  published: 'true' | 'false';
}

/** The browser's own zone, else UTC. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const blank = (): Form => ({
  name: '',
  title: '',
  description: '',
  start: '',
  end: '',
  timeZone: localZone(),
  eventType: 'local',
  location: '',
  address: '',
  city: '',
  category: '',
  price: '0',
  capacity: '',
  published: 'false',
});

function formOf(e: AdminEvent): Form {
  const zone = e.timeZone || 'UTC';
  return {
    name: e.name,
    title: e.title,
    description: e.description,
    start: utcToZoned(e.start_date, zone),
    end: utcToZoned(e.end_date, zone),
    timeZone: zone,
    eventType: e.eventType,
    location: e.location,
    address: e.address,
    city: e.city,
    category: e.category,
    price: String(e.price),
    capacity: e.capacity > 0 ? String(e.capacity) : '',
    published: e.published ? 'true' : 'false',
  };
}

interface Props {
  target: AdminEvent | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function EventFormDialog({ target, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const { form, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(target, blank, formOf, () =>
    setFile(null),
  );
  const categories = useCategoryNames('event');
  const zoneId = useId();
  const zones = useMemo(() => timeZoneOptions().map((zone) => [zone, zone.replace(/_/g, ' ')] as const), []);

  async function save() {
    if (target === null) return;
    const check = checkEvent(form);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    const data = new FormData();
    const fields: Readonly<Record<keyof Form, string>> = form;
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    if (file) data.append('image', file);
    await submit(
      (onProgress) => (target === 'new' ? createEvent(data, onProgress) : updateEvent(target._id, data, onProgress)),
      'The event could not be saved. Please try again.',
      onSaved,
      file !== null,
    );
  }

  const virtual = form.eventType === 'virtual';
  return (
    <ContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New event' : 'Edit event'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          name="name"
          error={errors['name']}
          maxLength={EVENT_NAME_MAX}
          value={form.name}
          onChange={set('name')}
        />
        <TextInput
          label="Title"
          name="title"
          error={errors['title']}
          maxLength={EVENT_NAME_MAX}
          value={form.title}
          onChange={set('title')}
        />
      </div>
      <TextArea
        label="Description"
        name="description"
        error={errors['description']}
        rows={3}
        maxLength={EVENT_DESCRIPTION_MAX}
        value={form.description}
        onChange={set('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            Starts
            <input
              className={inputClass}
              type="datetime-local"
              name="start"
              value={form.start}
              {...invalidProps(`${zoneId}-start`, errors['start'])}
              onChange={(e) => set('start')(e.target.value)}
            />
          </label>
          <FieldError id={`${zoneId}-start`} error={errors['start']} />
        </div>
        <div>
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            Ends
            <input
              className={inputClass}
              type="datetime-local"
              name="end"
              min={form.start || undefined}
              value={form.end}
              {...invalidProps(`${zoneId}-end`, errors['end'])}
              onChange={(e) => set('end')(e.target.value)}
            />
          </label>
          <FieldError id={`${zoneId}-end`} error={errors['end']} />
        </div>
        {/* A label beside, not around, the select: its hundreds of options are no part of its label's text. */}
        <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
          <label htmlFor={zoneId}>Time zone</label>
          <select
            id={zoneId}
            className={inputClass}
            name="timeZone"
            value={form.timeZone}
            {...invalidProps(zoneId, errors['timeZone'])}
            onChange={(e) => set('timeZone')(e.target.value)}
          >
            {zones.map(([zone, text]) => (
              <option key={zone} value={zone}>
                {text}
              </option>
            ))}
          </select>
          <FieldError id={zoneId} error={errors['timeZone']} />
        </div>
        <SelectInput
          label="Location type"
          name="eventType"
          error={errors['eventType']}
          value={form.eventType}
          options={LOCATION_TYPES}
          onChange={set('eventType')}
        />
      </div>
      <TextInput
        label={virtual ? 'Location (link or platform)' : 'Venue'}
        name="location"
        error={errors['location']}
        maxLength={EVENT_TEXT_MAX}
        value={form.location}
        onChange={set('location')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={virtual ? 'Address (optional)' : 'Address'}
          name="address"
          error={errors['address']}
          maxLength={EVENT_TEXT_MAX}
          value={form.address}
          onChange={set('address')}
        />
        <TextInput
          label={virtual ? 'City (optional)' : 'City'}
          name="city"
          error={errors['city']}
          maxLength={EVENT_NAME_MAX}
          value={form.city}
          onChange={set('city')}
        />
        <SelectInput
          label="Category"
          name="category"
          error={errors['category']}
          value={form.category}
          options={categoryOptions(categories, form.category)}
          onChange={set('category')}
        />
        <TextInput
          label="Price"
          name="price"
          error={errors['price']}
          type="number"
          min={0}
          value={form.price}
          onChange={set('price')}
        />
        <TextInput
          label="Capacity (seats; empty for no limit)"
          hint="A paid event sells tickets up to its capacity: without one it sells none."
          name="capacity"
          error={errors['capacity']}
          type="number"
          min={0}
          max={CAPACITY_MAX}
          value={form.capacity}
          onChange={set('capacity')}
        />
        <SelectInput
          label="Status"
          name="published"
          error={errors['published']}
          value={form.published}
          options={PUBLISHED_OPTIONS}
          onChange={set('published')}
        />
      </div>
      <FileInput
        label="Cover image"
        name="image"
        error={errors['image']}
        accept="image/*"
        hint={
          target && target !== 'new' && target.image
            ? 'Keeps the current picture unless you choose another. JPEG, PNG, GIF or WEBP, less than 5MB.'
            : 'Optional. JPEG, PNG, GIF or WEBP, less than 5MB.'
        }
        onFile={setFile}
      />
      {progress !== null && <UploadBar percent={progress} />}
    </ContentFormDialog>
  );
}

/**
 * Create or edit an event (POST /api/admin/events, PUT /api/admin/events/{id}; multipart with an optional `image`).
 * Start and end are wall-clock times in the chosen time zone; the server stores them as UTC instants. A published
 * event's changes may instead be kept as a draft (Save draft), its price and capacity among them, that visitors do not
 * see (nor book by) until it is published; Preview saves (the draft of a published event, an unpublished event itself)
 * and shows a link to share; History lists the event's kept versions and restores one as the draft the form then
 * shows.
 */
import { useId, useMemo, useState } from 'react';
import { createEvent, updateEvent } from '../../../../lib/api/admin/content.ts';
import {
  discardEventDraft,
  eventPath,
  eventPreviewLink,
  fetchEventDraft,
  publishEventDraft,
  saveEventDraft,
} from '../../../../lib/api/admin/events.ts';
import { EVENT_TYPES } from '../../../../shared/constants.ts';
import { CAPACITY_MAX } from '../../../../shared/events.ts';
import {
  checkEvent,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_MAX,
  EVENT_TEXT_MAX,
  timeZoneOptions,
  type AdminEvent,
  type EventDraft,
} from '../../../../shared/schemas/event-admin.ts';
import { inputClass as baseInputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from '../../sliders/fields.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import FileInput from '../ui/FileInput.tsx';
import { PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';
import { blankEventForm, eventFormData, eventFormOf, eventFormOfDraft, type EventFormInput } from './event-form.ts';

const inputClass = `${baseInputClass} ${INVALID_BORDER}`;

const LOCATION_TYPES = [
  ['local', 'Local'],
  ['national', 'National'],
  ['international', 'International'],
  ['virtual', 'Virtual'],
] as const satisfies readonly (readonly [(typeof EVENT_TYPES)[number], string])[];

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const EVENT_DRAFTS: DraftCalls<EventFormInput, EventDraft> = {
  itemPath: (id) => eventPath(id),
  fetchDraft: (id) => fetchEventDraft(id),
  saveDraft: (id, input, onProgress) => saveEventDraft(id, eventFormData(input), onProgress),
  update: async (id, input, onProgress) => {
    const { message, event } = await updateEvent(id, eventFormData(input), onProgress);
    return { message, image: event.image };
  },
  publishDraft: (id) => publishEventDraft(id),
  discardDraft: (id) => discardEventDraft(id),
  previewLink: (id) => eventPreviewLink(id),
};

interface Props {
  target: AdminEvent | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function EventFormDialog({ target, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const { form, setForm, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(
    target,
    blankEventForm,
    eventFormOf,
    () => setFile(null),
  );
  const drafts = useItemDraft({
    target,
    calls: EVENT_DRAFTS,
    show: (shown, saved) => {
      setForm(eventFormOfDraft(shown, saved));
      // A picture chosen but not sent belongs to the form being replaced.
      setFile(null);
    },
  });
  const categories = useCategoryNames('event');
  const zoneId = useId();
  const zones = useMemo(() => timeZoneOptions().map((zone) => [zone, zone.replace(/_/g, ' ')] as const), []);
  const existing = target && target !== 'new' ? target : null;
  const currentImage = existing ? (drafts.image ?? existing.image) : '';

  /** The form checked (refused under the field when not) as a save sends it, or null. */
  function checkedInput(withState: boolean): EventFormInput | null {
    const check = checkEvent(form);
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    const { published, ...fields } = form;
    return { fields: withState ? { ...fields, published } : fields, image: file };
  }

  async function save() {
    if (target === null) return;
    const input = checkedInput(target === 'new' || drafts.draft === null);
    if (!input) return;
    await submit(
      (onProgress) =>
        target === 'new' ? createEvent(eventFormData(input), onProgress) : drafts.submit(target, input, onProgress),
      'The event could not be saved. Please try again.',
      onSaved,
      file !== null,
    );
  }

  /** Saves the form to the event's draft (or an unpublished event itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const input = checkedInput(false);
    if (!input) return;
    await submit(
      async (onProgress) => {
        const kept = await drafts.keep(existing, input, thenLink, onProgress);
        // Stored now: the next save sends no picture again.
        setFile(null);
        return kept;
      },
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
      file !== null,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'event');

  const virtual = form.eventType === 'virtual';
  return (
    <DraftContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New event' : 'Edit event'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing={existing !== null}
      historyTitle={existing ? `History of "${existing.name}"` : 'History'}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
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
        {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live event. */}
        {!drafts.draft && (
          <SelectInput
            label="Status"
            name="published"
            error={errors['published']}
            value={form.published}
            options={PUBLISHED_OPTIONS}
            onChange={set('published')}
          />
        )}
      </div>
      <FileInput
        label="Cover image"
        name="image"
        error={errors['image']}
        accept="image/*"
        hint={
          currentImage
            ? 'Keeps the current picture unless you choose another. JPEG, PNG, GIF or WEBP, less than 5MB.'
            : 'Optional. JPEG, PNG, GIF or WEBP, less than 5MB.'
        }
        onFile={setFile}
      />
      {progress !== null && <UploadBar percent={progress} />}
    </DraftContentFormDialog>
  );
}

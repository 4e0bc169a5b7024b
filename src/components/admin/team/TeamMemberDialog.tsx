/**
 * Add or edit a team member in a modal dialog: name, role, a short bio, and a portrait with its preview (the browser
 * checks the server's own rules first; a 400 marks the field it names), with the upload's progress while saving.
 */
import { useId, useRef } from 'react';
import { createTeamMember, updateTeamMember } from '../../../lib/api/team.ts';
import {
  TEAM_BIO_MAX,
  TEAM_NAME_MAX,
  TEAM_ROLE_MAX,
  type TeamMember,
  type TeamMemberSaved,
} from '../../../shared/schemas/team.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import RecordFormFooter from '../ui/RecordFormFooter.tsx';
import { FIELD_CLASS as fieldClass } from '../ui/FilterFields.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import { Field, useRecordForm } from '../ui/record-form.tsx';
import PictureInput, { megabytes, usePreviewUrl } from '../ui/PictureInput.tsx';
import { checkTeamForm, teamFormData, teamFormValuesOf, type TeamField } from './team-form.ts';

interface Props {
  /** null: closed; 'new': a new member; a member: that one is edited. */
  editing: TeamMember | 'new' | null;
  onClose: () => void;
  onSaved: (answer: TeamMemberSaved) => void;
}

const FIELD_NAMES: readonly TeamField[] = ['name', 'role', 'bio', 'photo'];
const portrait =
  'flex h-24 w-24 items-center justify-center overflow-hidden rounded-full border border-dashed border-gray-300 bg-gray-100 text-xs text-gray-500 dark:border-white/20 dark:bg-white/5 dark:text-gray-400';

function PortraitField({
  member,
  file,
  removing,
  error,
  onFile,
  onRemove,
}: {
  member: TeamMember | null;
  file: File | null;
  removing: boolean;
  error: string;
  onFile: (file: File | null, error: string) => void;
  onRemove: (remove: boolean) => void;
}) {
  const id = useId();
  const preview = usePreviewUrl(file);
  const current = member?.photo ?? '';
  return (
    <fieldset className="m-0 min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10">
      <legend className="px-1 text-sm font-medium">Portrait</legend>
      <div className="flex flex-wrap gap-4 text-xs text-gray-600 dark:text-gray-400">
        {member && (
          <figure className="m-0 text-center">
            <div className={portrait}>
              {current && !removing ? (
                <SafeImage
                  src={current}
                  alt="Current portrait"
                  width={96}
                  height={96}
                  className="h-full w-full object-cover"
                  sizes="96px"
                />
              ) : (
                <span>None</span>
              )}
            </div>
            <figcaption className="mt-1">Current</figcaption>
          </figure>
        )}
        <figure className="m-0 text-center">
          <div className={portrait}>
            {preview ? (
              <img src={preview} alt="New portrait preview" className="h-full w-full object-cover" />
            ) : (
              <span>Not chosen</span>
            )}
          </div>
          <figcaption className="mt-1 max-w-24 truncate">
            {file ? `${file.name} (${megabytes(file)})` : 'New'}
          </figcaption>
        </figure>
      </div>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        Choose a portrait
      </label>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
        A square photo works best. JPEG, PNG, GIF or WEBP, up to 5 MB.
      </p>
      <PictureInput
        id={id}
        name="photo"
        file={file}
        error={error}
        onChange={onFile}
        dropLabel={current ? 'Keep the current one' : 'Remove'}
        spacing="mt-2"
      />
      {current && !file && (
        <label className="mt-3 inline-flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="removePhoto"
            className="h-4 w-4 accent-[var(--color-primary)]"
            checked={removing}
            onChange={(e) => onRemove(e.target.checked)}
          />
          Remove the current portrait
        </label>
      )}
    </fieldset>
  );
}

export default function TeamMemberDialog({ editing, onClose, onSaved }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const form = useRecordForm({
    editing,
    valuesOf: teamFormValuesOf,
    fields: FIELD_NAMES,
    check: checkTeamForm,
    fallback: 'The team member could not be saved. Please try again.',
    dialog,
  });
  const {
    record: member,
    values,
    set,
    file: photo,
    setFile: setPhoto,
    errors,
    mark,
    clear,
    failure,
    progress,
    busy,
  } = form;
  const invalid = (field: TeamField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  const save = () =>
    form.save(async (onProgress) => {
      const data = teamFormData(values, photo);
      onSaved(member ? await updateTeamMember(member._id, data, onProgress) : await createTeamMember(data, onProgress));
    });

  return (
    <ModalDialog
      ref={dialog}
      open={editing !== null}
      busy={busy}
      onCancel={onClose}
      labelledBy={`${id}-title`}
      className="max-h-[calc(100dvh-1rem)] w-[min(36rem,calc(100vw-1rem))] overflow-y-auto p-0"
    >
      <form
        noValidate
        className="flex flex-col gap-4 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <h2 id={`${id}-title`} className="m-0 text-xl font-bold">
          {member ? 'Edit Team Member' : 'Add Team Member'}
        </h2>
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input
            id={`${id}-name`}
            name="name"
            className={fieldClass}
            maxLength={TEAM_NAME_MAX}
            required
            value={values.name}
            autoComplete="off"
            {...invalid('name')}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field id={`${id}-role`} label="Role" error={errors.role} hint="Shown under the name, e.g. Head of Design">
          <input
            id={`${id}-role`}
            name="role"
            className={fieldClass}
            maxLength={TEAM_ROLE_MAX}
            value={values.role}
            autoComplete="off"
            {...invalid('role')}
            onChange={(e) => set('role', e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-bio`}
          label="Short bio"
          error={errors.bio}
          hint={`A sentence or two, at most ${TEAM_BIO_MAX} characters`}
        >
          <textarea
            id={`${id}-bio`}
            name="bio"
            rows={3}
            className={fieldClass}
            maxLength={TEAM_BIO_MAX}
            value={values.bio}
            {...invalid('bio')}
            onChange={(e) => set('bio', e.target.value)}
          />
        </Field>
        <PortraitField
          member={member}
          file={photo}
          removing={values.removePhoto}
          error={errors.photo ?? ''}
          onFile={(file, error) => {
            setPhoto(file);
            if (error) mark('photo', error);
            else clear('photo');
          }}
          onRemove={(remove) => set('removePhoto', remove)}
        />
        <RecordFormFooter failure={failure} progress={progress} busy={busy} onCancel={onClose}>
          <button type="submit" disabled={busy} className="brand-button px-4 py-2 font-semibold disabled:opacity-60">
            {busy ? 'Saving...' : member ? 'Save Changes' : 'Add Member'}
          </button>
        </RecordFormFooter>
      </form>
    </ModalDialog>
  );
}

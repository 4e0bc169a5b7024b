/** Settings › Profile: the picture (checked in the browser first, uploaded with progress, previewed), names and username. */
import { useId, useState } from 'react';
import { removeProfileImage, saveProfile, uploadProfileImage } from '../../lib/api/account.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import type { AccountProfile } from '../../shared/account.ts';
import { NAME_MAX } from '../../shared/account.ts';
import UploadProgressBar from '../admin/company/UploadProgressBar.tsx';
import PictureInput, { megabytes, usePreviewUrl } from '../admin/ui/PictureInput.tsx';
import { Alert, refusedField, TextField, useFormMessage } from '../auth/fields.tsx';
import SafeImage from '../lists/SafeImage.tsx';
import { profileChanged, profileValuesOf } from './settings-rules.ts';
import SettingsSection, { OUTLINE_BUTTON, PRIMARY_BUTTON, SectionMessage } from './SettingsSection.tsx';

type Message = { tone: 'error' | 'success'; text: string } | null;

const avatar =
  'flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gray-200 text-3xl font-bold dark:bg-white/10';

function PictureForm({ account, onChange }: { account: AccountProfile; onChange: (account: AccountProfile) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const preview = usePreviewUrl(file);
  const initial = (account.first_name || account.username).charAt(0).toUpperCase();

  async function upload() {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    setProgress(0);
    try {
      const answer = await uploadProfileImage(file, (p) => setProgress(p.percent));
      onChange({ ...account, profile_image: answer.profile_image });
      setFile(null);
      setMessage({ tone: 'success', text: answer.message });
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'The picture could not be uploaded. Please try again.') });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function remove() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await removeProfileImage();
      onChange({ ...account, profile_image: '' });
      setMessage({ tone: 'success', text: answer.message });
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'The picture could not be removed. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className={avatar}>
        {preview ? (
          // eslint-disable-next-line jsx-a11y/img-redundant-alt -- 'picture' names what is uploaded (the profile picture), not the element
          <img src={preview} alt="Preview of the new picture" className="h-full w-full object-cover" />
        ) : account.profile_image ? (
          <SafeImage
            src={account.profile_image}
            alt="Your profile picture"
            width={96}
            height={96}
            sizes="96px"
            className="h-full w-full object-cover"
          />
        ) : (
          <span aria-hidden="true">{initial}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium">
          Profile picture
        </label>
        <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
          A square picture works best. JPEG, PNG, GIF or WEBP, up to 5 MB.
        </p>
        <PictureInput
          id={id}
          name="image"
          file={file}
          error={error}
          spacing="mt-2"
          dropLabel="Cancel"
          onChange={(next, problem) => {
            setFile(next);
            setError(problem);
            setMessage(null);
          }}
        />
        {file && (
          <p className="m-0 mt-1 truncate text-xs text-gray-600 dark:text-gray-400">
            {file.name} ({megabytes(file)})
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="button" className={PRIMARY_BUTTON} disabled={!file || busy} onClick={() => void upload()}>
            {busy && progress !== null ? 'Uploading...' : 'Upload picture'}
          </button>
          {account.profile_image && !file && (
            <button type="button" className={OUTLINE_BUTTON} disabled={busy} onClick={() => void remove()}>
              Remove picture
            </button>
          )}
          {progress !== null && <UploadProgressBar percent={progress} />}
        </div>
        {message && (
          <div className="mt-3">
            <Alert tone={message.tone}>{message.text}</Alert>
          </div>
        )}
      </div>
    </div>
  );
}

function NamesForm({ account, onChange }: { account: AccountProfile; onChange: (account: AccountProfile) => void }) {
  const saved = profileValuesOf(account);
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const hint = useId();
  const set = (key: keyof typeof values) => (value: string) => {
    setValues({ ...values, [key]: value });
    form.clear();
  };

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    form.clear();
    try {
      const next = await saveProfile(values);
      onChange(next);
      setValues(profileValuesOf(next));
      form.succeed('Your profile was saved');
    } catch (e) {
      // 'username' (taken, or not allowed) or a name marks that field, which gets the focus.
      form.fail(errorMessage(e, 'Your profile could not be saved. Please try again.'), [refusedField(e)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      className="mt-6 grid gap-4 border-t border-gray-200 pt-6 sm:grid-cols-2 dark:border-white/10"
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <TextField
        label="First name"
        name="first_name"
        value={values.first_name}
        onChange={set('first_name')}
        autoComplete="given-name"
        maxLength={NAME_MAX}
        aria={form.field('first_name')}
      />
      <TextField
        label="Last name"
        name="last_name"
        value={values.last_name}
        onChange={set('last_name')}
        autoComplete="family-name"
        maxLength={NAME_MAX}
        aria={form.field('last_name')}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Username"
          name="username"
          value={values.username}
          onChange={set('username')}
          autoComplete="username"
          maxLength={30}
          aria={form.field('username', hint)}
        />
        <p id={hint} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
          3 to 30 letters, digits, dots, hyphens or underscores. You can sign in with it.
        </p>
      </div>
      <SectionMessage form={form} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy || !profileChanged(values, saved)}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

export default function ProfileSection({
  account,
  onChange,
}: {
  account: AccountProfile;
  onChange: (account: AccountProfile) => void;
}) {
  return (
    <div id="settings-profile">
      <SettingsSection id="profile" title="Profile" description="How you appear on this site.">
        <PictureForm account={account} onChange={onChange} />
        <NamesForm account={account} onChange={onChange} />
      </SettingsSection>
    </div>
  );
}

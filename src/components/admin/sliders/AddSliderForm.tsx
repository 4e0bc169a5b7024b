/** Add New Slider (/admin/add-slider): title, subtitle, order, type, video link and image; POST /api/sliders with progress. */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createSlider } from '../../../lib/api/admin/sliders.ts';
import { fetchCompany } from '../../../lib/api/company.ts';
import {
  addSliderFormData,
  addSliderProblem,
  emptyAddSlider,
  serverField,
  serverMessage,
  SLIDER_TEXTS,
  type AddSliderValues,
} from '../../../lib/admin/slider-form.ts';
import {
  SLIDER_LINK_MAX,
  SLIDER_ORDER_MAX,
  SLIDER_SUBTITLE_MAX,
  SLIDER_TITLE_MAX,
} from '../../../shared/schemas/slider.ts';
import { Alert } from '../../auth/fields.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { useFieldErrors } from '../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from './fields.tsx';
import ImageField from './ImageField.tsx';

const TYPES = [
  ['photo', 'Photo'],
  ['video', 'Video'],
] as const;

function AddSlider() {
  const [values, setValues] = useState<AddSliderValues>(emptyAddSlider);
  const [file, setFile] = useState<File | null>(null);
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // A refusal of one field is shown beside that field as well.
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form);
  const [sent, setSent] = useState(0);

  // The company the new slider belongs to: the session's company (GET /api/company).
  useEffect(() => {
    void fetchCompany().then((c) => setCompany(c._id));
  }, []);

  const set =
    <K extends keyof AddSliderValues>(key: K) =>
    (value: AddSliderValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = addSliderProblem(values);
    if (problem) {
      setStatus({ tone: 'error', text: problem });
      refusals.refuse('link', problem);
      return;
    }
    setBusy(true);
    setStatus(null);
    refusals.reset();
    setProgress(file ? 0 : null);
    try {
      await createSlider(addSliderFormData(values, company, file), file ? (p) => setProgress(p.percent) : undefined);
      setStatus({ tone: 'success', text: SLIDER_TEXTS.added });
      setValues(emptyAddSlider());
      setFile(null);
      setSent((n) => n + 1);
    } catch (error) {
      const text = serverMessage(error) ?? SLIDER_TEXTS.addFailed;
      setStatus({ tone: 'error', text });
      refusals.refuse(serverField(error), text);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const video = values.type === 'video';
  return (
    <div className="w-full max-w-2xl">
      <p className="m-0 mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
        <span>A new slide for the home page hero.</span>
        <a href="/admin/edit-hero" className="font-medium text-[var(--color-primary-ink)] hover:underline">
          All sliders →
        </a>
      </p>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
      <form
        ref={form}
        onSubmit={(event) => {
          void submit(event);
        }}
        onChange={(event) => {
          const { name } = event.target as Partial<HTMLInputElement>;
          if (name) refusals.clear(name);
        }}
        className="space-y-5 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-8"
      >
        <TextInput
          label="Title"
          name="title"
          maxLength={SLIDER_TITLE_MAX}
          value={values.title}
          onChange={set('title')}
          error={refusals.errors['title']}
        />
        <TextInput
          label="Subtitle"
          name="subtitle"
          error={refusals.errors['subtitle']}
          maxLength={SLIDER_SUBTITLE_MAX}
          value={values.subtitle}
          onChange={set('subtitle')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label="Order"
            name="order"
            error={refusals.errors['order']}
            type="number"
            min={0}
            max={SLIDER_ORDER_MAX}
            value={values.order}
            onChange={set('order')}
          />
          <SelectInput
            label="Type"
            name="type"
            error={refusals.errors['type']}
            value={values.type}
            options={TYPES}
            onChange={set('type')}
          />
        </div>
        {video && (
          <TextInput
            label="Video Link"
            name="link"
            type="url"
            maxLength={SLIDER_LINK_MAX}
            value={values.link}
            placeholder="https://www.youtube-nocookie.com/embed/…"
            onChange={set('link')}
            error={refusals.errors['link']}
          />
        )}
        <ImageField label={video ? 'Thumbnail' : 'Slider Image'} file={file} onFile={setFile} resetKey={sent} />
        {progress !== null && <UploadBar percent={progress} />}
        <button
          type="submit"
          disabled={busy}
          className="brand-button w-full px-4 py-2.5 font-semibold disabled:opacity-60 sm:w-auto sm:px-8"
        >
          {busy ? 'Submitting...' : 'Add Slider'}
        </button>
      </form>
    </div>
  );
}

export default function AddSliderForm() {
  return <AdminGate>{() => <AddSlider />}</AdminGate>;
}

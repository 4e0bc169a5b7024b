/**
 * Update Company (spec §2, §3): every company text field, the About page's texts, the home page's sections, the social
 * links, every SEO pair, the logo, dark logo and icon pickers and whether the logo shows the name; one multipart PUT /api/company with a real progress
 * bar. After a save the branding store is refreshed, so the page's header and icon follow at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiAsset } from '../../../lib/api/base.ts';
import { updateCompany } from '../../../lib/api/admin/company.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { $branding, loadBranding, refreshBranding, setBranding } from '../../../lib/stores/branding.ts';
import { resolveHomeSections } from '../../../shared/home-layout.ts';
import type { Company } from '../../../shared/types.ts';
import AdminGate from '../ui/AdminGate.tsx';
import Spinner from '../ui/Spinner.tsx';
import {
  ABOUT_FIELD_SPECS,
  BRAND_FIELDS,
  changedValues,
  checkValues,
  companyForm,
  CONTACT_FIELDS,
  errorField,
  formValues,
  HOME_SECTIONS_FIELD,
  LOGO_SHOWS_NAME,
  PICTURES,
  SEO_GROUPS,
  SOCIAL_FIELDS,
  UPDATE_FAILED,
  type FieldSpec,
  type FormValues,
  type PictureField,
} from './company-rules.ts';
import { Card, CheckField, Field } from './fields.tsx';
import HomeSectionsEditor from './HomeSectionsEditor.tsx';
import ImagePicker from './ImagePicker.tsx';
import UploadProgressBar from './UploadProgressBar.tsx';
import { COMPANY_PLACEHOLDER, TITLE_SEPARATOR } from '../../../lib/seo.ts';

const SAVED = 'Company settings updated successfully';

type Status = { tone: 'success' | 'error' | 'info'; text: string; notices?: string[] } | null;

/** A copy of the record without key. */
function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

function currentPicture(company: Company, name: PictureField): string {
  const path = company[name];
  // No icon of its own: the site shows the default favicon.
  return path ? apiAsset(path) : name === 'icon' ? '/favicon.png' : '';
}

function CompanyEditor({
  company,
  onSaved,
}: {
  company: Company;
  onSaved: (company: Company | null) => Promise<void>;
}) {
  const [initial, setInitial] = useState<FormValues>(() => formValues(company));
  const [values, setValues] = useState<FormValues>(initial);
  const [pictures, setPictures] = useState<Partial<Record<PictureField, File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  // The field to focus once its error is drawn.
  const focusNext = useRef('');

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementsByName(focusNext.current)[0]?.focus();
    focusNext.current = '';
  });

  const markField = (field: string, message: string) => {
    setErrors({ [field]: message });
    focusNext.current = field;
  };

  const edit = (name: string) => (value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    if (errors[name]) setErrors((old) => without(old, name));
  };

  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      spec={spec}
      value={values[spec.name] ?? ''}
      error={errors[spec.name] ?? ''}
      onChange={edit(spec.name)}
    />
  );

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const changed = changedValues(initial, values);
    const chosen = Object.keys(pictures).length > 0;
    setStatus(null);
    if (Object.keys(changed).length === 0 && !chosen) {
      setStatus({ tone: 'info', text: 'Nothing to save: no setting was changed.' });
      return;
    }
    const problem = checkValues(changed);
    if (problem) {
      markField(problem.field, problem.message);
      setStatus({ tone: 'error', text: problem.message });
      return;
    }
    setErrors({});
    setSaving(true);
    setPercent(0);
    try {
      const saved = await updateCompany(companyForm(changed, pictures), (progress) => setPercent(progress.percent));
      // The answer arrived, so the whole body was sent.
      setPercent(100);
      setStatus({ tone: 'success', text: saved.message || SAVED, notices: saved.notices });
      const next = saved.company ?? company;
      const fresh = formValues(next);
      setInitial(fresh);
      setValues(fresh);
      setPictures({});
      await onSaved(saved.company);
    } catch (error) {
      setPercent(null);
      const message = errorMessage(error, UPDATE_FAILED);
      const named = errorField(error);
      if (named) markField(named, message);
      setStatus({ tone: 'error', text: message });
    } finally {
      setSaving(false);
    }
  }

  const statusClass =
    status?.tone === 'success'
      ? 'text-green-700 dark:text-green-400'
      : status?.tone === 'error'
        ? 'text-red-700 dark:text-red-400'
        : 'text-gray-700 dark:text-gray-300';
  const grid = 'grid gap-4 sm:grid-cols-2';

  return (
    <form
      onSubmit={(event) => {
        void save(event);
      }}
      noValidate
      className="space-y-5"
    >
      <Card title="Brand" description="Name, tagline and the words visitors see first.">
        <div className={grid}>
          {BRAND_FIELDS.map((spec) => (
            <div key={spec.name} className={spec.kind === 'textarea' ? 'sm:col-span-2' : ''}>
              {field(spec)}
            </div>
          ))}
        </div>
      </Card>

      <Card title="Logos and icon" description="JPEG, PNG, GIF or WEBP, at most 5 MB each.">
        <div className="grid gap-4 md:grid-cols-3">
          {PICTURES.map((picture) => (
            <ImagePicker
              key={picture.name}
              name={picture.name}
              label={picture.label}
              hint={picture.hint}
              current={currentPicture(company, picture.name)}
              backdrop={picture.backdrop}
              file={pictures[picture.name] ?? null}
              error={errors[picture.name] ?? ''}
              onChange={(file, error) => {
                setPictures((old) => {
                  const rest = without(old, picture.name);
                  return file ? { ...rest, [picture.name]: file } : rest;
                });
                setErrors((old) => {
                  const rest = without(old, picture.name);
                  return error ? { ...rest, [picture.name]: error } : rest;
                });
              }}
            />
          ))}
        </div>
        <div className="mt-4">
          <CheckField
            {...LOGO_SHOWS_NAME}
            checked={values[LOGO_SHOWS_NAME.name] === 'true'}
            error={errors[LOGO_SHOWS_NAME.name] ?? ''}
            onChange={(checked) => edit(LOGO_SHOWS_NAME.name)(String(checked))}
          />
        </div>
      </Card>

      <Card
        title="Home page"
        description="The sections of the home page, top to bottom. Untick one to hide it; the arrows move it."
      >
        <HomeSectionsEditor
          sections={resolveHomeSections(values[HOME_SECTIONS_FIELD])}
          onChange={(sections) => edit(HOME_SECTIONS_FIELD)(JSON.stringify(sections))}
          error={errors[HOME_SECTIONS_FIELD] ?? ''}
        />
      </Card>

      <Card
        title="About page"
        description="The texts under Our Story, Our Mission and Our Vision. Leave one empty and the page shows the text in grey."
      >
        <div className="space-y-4">{ABOUT_FIELD_SPECS.map(field)}</div>
      </Card>

      <Card title="Contact" description="Shown in the footer and on the contact page.">
        <div className={grid}>
          {CONTACT_FIELDS.map((spec) => (
            <div key={spec.name} className={spec.kind === 'textarea' ? 'sm:col-span-2' : ''}>
              {field(spec)}
            </div>
          ))}
        </div>
      </Card>

      <Card
        title="Social links"
        description="A web address for each (https:// is added when left out). Leave one empty to hide its icon in the footer."
      >
        <div className={grid}>{SOCIAL_FIELDS.map(field)}</div>
      </Card>

      <Card
        title="Search engines (SEO)"
        description={`The title and description search engines and link previews show for each page. Write ${COMPANY_PLACEHOLDER} where the company name goes, so a new name reaches it. Empty: '<page>${TITLE_SEPARATOR}<company name>'.`}
      >
        <div className="space-y-2">
          {SEO_GROUPS.map((group) => {
            const hasError = group.fields.some((spec) => errors[spec.name]);
            return (
              <details
                key={group.page}
                open={hasError || undefined}
                className="group rounded-lg border border-gray-200 dark:border-white/10"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2.5 font-medium [&::-webkit-details-marker]:hidden">
                  <span>{group.label}</span>
                  <span className="truncate text-xs font-normal text-gray-600 dark:text-gray-400">
                    {(values[`seo_${group.page}_title`] ?? '') || 'Not set'}
                  </span>
                </summary>
                <div className="space-y-3 border-t border-gray-200 px-3 py-3 dark:border-white/10">
                  {group.fields.map(field)}
                </div>
              </details>
            );
          })}
        </div>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-3 border-t border-gray-200 bg-white/95 px-3 py-3 backdrop-blur dark:border-white/10 dark:bg-[#0b0f14]/95 min-[375px]:-mx-4 min-[375px]:px-4 sm:mx-0 sm:rounded-xl sm:border">
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={saving}
            className="brand-button px-5 py-2.5 font-semibold disabled:opacity-60"
          >
            {saving ? 'Saving...' : 'Save Company Settings'}
          </button>
          {percent !== null && <UploadProgressBar percent={percent} />}
        </div>
        {status && (
          <p
            role={status.tone === 'error' ? 'alert' : 'status'}
            className={`m-0 mt-2 text-sm font-medium ${statusClass}`}
          >
            {status.text}
            {status.notices?.map((notice) => (
              <span key={notice} className="mt-1 block font-normal text-gray-700 dark:text-gray-300">
                {notice}
              </span>
            ))}
          </p>
        )}
      </div>
    </form>
  );
}

function CompanyScreen() {
  const branding = useStore($branding);
  // Fresh values from the API (fetched once per page, shared with the admin shell), not the ones the page was built with.
  useEffect(() => void loadBranding(), []);
  if (branding.status === 'loading') return <Spinner label="Loading company settings" />;
  return (
    <CompanyEditor
      company={branding.company}
      onSaved={async (company) => {
        if (company) setBranding(company);
        await refreshBranding();
      }}
    />
  );
}

/** The Update Company island: shown to a signed-in admin only. */
export default function CompanySettings() {
  return <AdminGate>{() => <CompanyScreen />}</AdminGate>;
}

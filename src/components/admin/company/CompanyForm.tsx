/**
 * Update Company (spec §2, §3): every company text field, the About page's texts, the home page's sections, the social
 * links, every SEO pair, the logo, dark logo and icon pickers and whether the logo shows the name; one multipart PUT /api/company with a real progress
 * bar. After a save the branding store is refreshed, so the page's header and icon follow at once.
 * The changes may instead be kept as a draft (Save draft) that visitors do not see until it is published, previewed
 * through a link to share, or restored from the history; a screen opened on a draft shows it and its save publishes it.
 * A draft leaves the branding store alone: the admin's own pages keep the live look until it is published.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiAsset } from '../../../lib/api/base.ts';
import {
  companyPreviewLink,
  discardCompanyDraft,
  fetchCompanyDraft,
  publishCompanyDraft,
  saveCompanyDraft,
  updateCompany,
} from '../../../lib/api/admin/company.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { $branding, loadBranding, refreshBranding, setBranding } from '../../../lib/stores/branding.ts';
import { resolveHomeSections } from '../../../shared/home-layout.ts';
import { COMPANY_SETTINGS_PATH, type CompanyDraft } from '../../../shared/settings-drafts.ts';
import type { Company } from '../../../shared/types.ts';
import DraftPanel from '../content/ui/DraftPanel.tsx';
import RevisionsDialog from '../content/ui/RevisionsDialog.tsx';
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
  NOTHING_CHANGED,
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
import SettingsActions from './SettingsActions.tsx';
import UploadProgressBar from './UploadProgressBar.tsx';
import { useSettingsDraft, type Progress, type SettingsDraftCalls } from './use-settings-draft.ts';
import { COMPANY_PLACEHOLDER, TITLE_SEPARATOR } from '../../../lib/seo.ts';

const SAVED = 'Company settings updated successfully';

type Status = { tone: 'success' | 'error' | 'info'; text: string; notices?: string[] } | null;

// Each endpoint is looked up when called, not when this module loads.
const COMPANY_DRAFTS: SettingsDraftCalls<FormData, CompanyDraft> = {
  path: COMPANY_SETTINGS_PATH,
  fetchDraft: () => fetchCompanyDraft(),
  saveDraft: (form, onProgress) => saveCompanyDraft(form, onProgress),
  publishDraft: () => publishCompanyDraft(),
  discardDraft: () => discardCompanyDraft(),
  previewLink: () => companyPreviewLink(),
};

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

  /** The form filled from `settings` as saved: nothing changed, no picture chosen. */
  const fill = (settings: Company) => {
    const fresh = formValues(settings);
    setInitial(fresh);
    setValues(fresh);
    setPictures({});
    setErrors({});
  };
  const drafts = useSettingsDraft({
    calls: COMPANY_DRAFTS,
    showDraft: (draft) => fill({ ...company, ...draft.fields }),
    showLive: fill,
  });
  // The settings the form started from: the draft's pictures are the current ones while a draft is edited.
  const settings = drafts.draft ? { ...company, ...drafts.draft.fields } : company;
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

  /** The form's changes as the save sends them (changed fields, chosen pictures); null once a broken rule is shown. */
  function edits(): { form: FormData; changed: boolean } | null {
    const changed = changedValues(initial, values);
    const problem = checkValues(changed);
    if (problem) {
      markField(problem.field, problem.message);
      setStatus({ tone: 'error', text: problem.message });
      return null;
    }
    const chosen = Object.keys(pictures).length > 0;
    return { form: companyForm(changed, pictures), changed: Object.keys(changed).length > 0 || chosen };
  }

  /** Runs one write with Saving..., the upload's progress when it `sends` the form, and its refusal shown. */
  async function run(sends: boolean, write: (onProgress: Progress) => Promise<Status>, fallback: string) {
    setErrors({});
    setSaving(true);
    setPercent(sends ? 0 : null);
    try {
      const done = await write(sends ? (progress) => setPercent(progress.percent) : undefined);
      // The answer arrived, so the whole body was sent.
      if (sends) setPercent(100);
      setStatus(done);
    } catch (error) {
      setPercent(null);
      const message = errorMessage(error, fallback);
      const named = errorField(error);
      if (named) markField(named, message);
      setStatus({ tone: 'error', text: message });
    } finally {
      setSaving(false);
    }
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    const edit = edits();
    if (!edit) return;
    // A draft may be published as it is; the live settings need a change.
    if (!edit.changed && !drafts.draft) {
      setStatus({ tone: 'info', text: NOTHING_CHANGED });
      return;
    }
    await run(
      edit.changed,
      async (onProgress) => {
        if (drafts.draft) {
          const published = await drafts.publish(edit.form, edit.changed, onProgress);
          await onSaved(published.item);
          return { tone: 'success', text: published.message };
        }
        const saved = await updateCompany(edit.form, onProgress);
        fill(saved.company ?? company);
        await onSaved(saved.company);
        return { tone: 'success', text: saved.message || SAVED, notices: saved.notices };
      },
      UPDATE_FAILED,
    );
  }

  async function saveDraft() {
    setStatus(null);
    const edit = edits();
    if (!edit) return;
    if (!edit.changed) {
      setStatus({ tone: 'info', text: NOTHING_CHANGED });
      return;
    }
    await run(
      true,
      async (onProgress) => ({ tone: 'success', text: (await drafts.save(edit.form, onProgress)).message }),
      'The draft could not be saved. Please try again.',
    );
  }

  async function preview() {
    setStatus(null);
    const edit = edits();
    if (!edit) return;
    // The link box that appears above the fields is the answer.
    await run(
      edit.changed,
      async (onProgress) => {
        await drafts.preview(edit.form, edit.changed, onProgress);
        return null;
      },
      'The preview could not be made. Please try again.',
    );
  }

  if (drafts.reading) return <Spinner label="Loading company settings" />;

  const statusClass =
    status?.tone === 'success'
      ? 'text-green-700 dark:text-green-400'
      : status?.tone === 'error'
        ? 'text-red-700 dark:text-red-400'
        : 'text-gray-700 dark:text-gray-300';
  const grid = 'grid gap-4 sm:grid-cols-2';

  return (
    <>
      <form
        onSubmit={(event) => {
          void save(event);
        }}
        noValidate
        className="space-y-5"
      >
        <DraftPanel
          draft={drafts.draft}
          link={drafts.link}
          restored={drafts.restored}
          busy={saving}
          onDiscard={() =>
            void run(
              false,
              async () => ({ tone: 'success', text: (await drafts.discard()).message }),
              'The draft could not be discarded. Please try again.',
            )
          }
        />
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
                current={currentPicture(settings, picture.name)}
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
          <SettingsActions
            label="Save Company Settings"
            editingDraft={drafts.draft !== null}
            busy={saving}
            onSaveDraft={() => void saveDraft()}
            onPreview={() => void preview()}
            onHistory={drafts.openHistory}
          >
            {percent !== null && <UploadProgressBar percent={percent} />}
          </SettingsActions>
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
      {/* Beside the form, not in it: the dialog's controls are no part of the settings. */}
      <RevisionsDialog
        itemPath={drafts.historyPath}
        title="History of the company settings"
        onClose={drafts.closeHistory}
        onRestored={(message) =>
          void run(
            false,
            async () => {
              await drafts.restore(message);
              return null;
            },
            'The restored draft could not be read. Please reload the page.',
          )
        }
      />
    </>
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

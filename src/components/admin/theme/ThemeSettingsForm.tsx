/**
 * Theme Settings (spec §2): the four sections, a live preview in both themes and contrast warnings; the save sends the
 * ten theme fields as JSON and refreshes the branding store, so this page (and every island) follows at once.
 * The theme may instead be kept as a draft (Save draft), apart from the company's, previewed through a link to share,
 * or restored from the history; a screen opened on a draft shows it and its save publishes it. A draft leaves the
 * branding store alone: only the live preview here shows it until it is published.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import {
  discardThemeDraft,
  fetchThemeDraft,
  publishThemeDraft,
  saveThemeDraft,
  themePreviewLink,
  updateTheme,
  type ThemeSettings,
} from '../../../lib/api/admin/company.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { $branding, loadBranding, refreshBranding, setBranding } from '../../../lib/stores/branding.ts';
import { THEME_FIELD_LABELS, THEME_FIELDS } from '../../../shared/schemas/company.ts';
import { THEME_SETTINGS_PATH, type ThemeDraft } from '../../../shared/settings-drafts.ts';
import type { Company } from '../../../shared/types.ts';
import { NOTHING_CHANGED } from '../company/company-rules.ts';
import SettingsActions from '../company/SettingsActions.tsx';
import { useSettingsDraft, type SettingsDraftCalls } from '../company/use-settings-draft.ts';
import DraftPanel from '../content/ui/DraftPanel.tsx';
import RevisionsDialog from '../content/ui/RevisionsDialog.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import Spinner from '../ui/Spinner.tsx';
import { BlurSelect, ColorField, RangeField, SettingsSection } from './controls.tsx';
import HeldThemeNote from './HeldThemeNote.tsx';
import ThemePreview from './ThemePreview.tsx';
import { contrastWarnings } from '../../../lib/theme-contrast.ts';
import { BLUR_OPTIONS, fitControls, OPACITY_RANGE, RADIUS_RANGE, snap, themeOf } from './theme-preview.ts';

const SAVED = 'Theme settings updated successfully!';
const FAILED = 'Failed to update theme settings. Please try again.';

type Status = { tone: 'success' | 'error' | 'info'; text: string } | null;

// Each endpoint is looked up when called, not when this module loads.
const THEME_DRAFTS: SettingsDraftCalls<ThemeSettings, ThemeDraft> = {
  path: THEME_SETTINGS_PATH,
  fetchDraft: () => fetchThemeDraft(),
  saveDraft: (theme) => saveThemeDraft(theme),
  publishDraft: () => publishThemeDraft(),
  discardDraft: () => discardThemeDraft(),
  previewLink: () => themePreviewLink(),
};

const TONES = {
  success: 'text-green-700 dark:text-green-400',
  error: 'text-red-700 dark:text-red-400',
  info: 'text-gray-700 dark:text-gray-300',
} as const;

function ThemeEditor() {
  const branding = useStore($branding);
  // Fresh values from the API (fetched once per page, shared with the admin shell), not the ones the page was built with.
  useEffect(() => void loadBranding(), []);
  // The branding never goes back to loading: the form is drawn once, from the first answer.
  if (branding.status === 'loading') return <Spinner label="Loading theme settings" />;
  return <ThemeForm company={branding.company} />;
}

function ThemeForm({ company }: { company: Company }) {
  // The theme as last saved (live or draft), and as edited: the controls' values, which the live preview shows.
  const [initial, setInitial] = useState<ThemeSettings>(() => fitControls(themeOf(company)));
  const [theme, setTheme] = useState<ThemeSettings>(initial);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const fill = (settings: Company) => {
    const fitted = fitControls(themeOf(settings));
    setInitial(fitted);
    setTheme(fitted);
  };
  const drafts = useSettingsDraft({
    calls: THEME_DRAFTS,
    showDraft: (draft) => fill({ ...company, ...draft.fields }),
    showLive: fill,
  });

  const set = <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => setTheme({ ...theme, [key]: value });
  const opacity = (key: 'primary_opacity' | 'secondary_opacity' | 'button_opacity') => (value: number) =>
    set(key, snap(value, OPACITY_RANGE));
  const radius = (key: 'header_radius' | 'button_radius') => (value: number) => set(key, snap(value, RADIUS_RANGE));
  const warnings = contrastWarnings(theme);
  const changed = THEME_FIELDS.some((key) => theme[key] !== initial[key]);

  /** Runs one write with Saving... and its refusal shown. */
  async function run(write: () => Promise<Status>, fallback: string) {
    setSaving(true);
    setStatus(null);
    try {
      setStatus(await write());
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, fallback) });
    } finally {
      setSaving(false);
    }
  }

  /** The live settings changed (a save or a publish): this page and every island follow at once. */
  async function follow(settings: Company | null) {
    if (settings) setBranding(settings);
    // Spec §7: afterwards the theme is refreshed from GET /api/company.
    await refreshBranding();
  }

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    return run(async () => {
      if (drafts.draft) {
        const published = await drafts.publish(theme, changed);
        await follow(published.item);
        return { tone: 'success', text: published.message };
      }
      const saved = await updateTheme(theme);
      setInitial(theme);
      await follow(saved.company);
      return { tone: 'success', text: saved.message || SAVED };
    }, FAILED);
  };

  const saveDraft = () => {
    if (!changed) {
      setStatus({ tone: 'info', text: NOTHING_CHANGED });
      return;
    }
    void run(
      async () => ({ tone: 'success', text: (await drafts.save(theme)).message }),
      'The draft could not be saved. Please try again.',
    );
  };

  // The link box that appears above the controls is the answer.
  const preview = () =>
    void run(async () => {
      await drafts.preview(theme, changed);
      return null;
    }, 'The preview could not be made. Please try again.');

  if (drafts.reading) return <Spinner label="Loading theme settings" />;

  return (
    <>
      <form
        onSubmit={(event) => {
          void save(event);
        }}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start"
        noValidate
      >
        <div className="space-y-4">
          <HeldThemeNote />
          <DraftPanel
            draft={drafts.draft}
            link={drafts.link}
            restored={drafts.restored}
            busy={saving}
            onDiscard={() =>
              void run(
                async () => ({ tone: 'success', text: (await drafts.discard()).message }),
                'The draft could not be discarded. Please try again.',
              )
            }
          />
          <SettingsSection title="Primary Color Settings">
            <ColorField
              label={THEME_FIELD_LABELS.primary_color}
              value={theme.primary_color}
              onChange={(v) => set('primary_color', v)}
            />
            <BlurSelect
              label={THEME_FIELD_LABELS.primary_blur}
              value={theme.primary_blur}
              options={BLUR_OPTIONS.primary}
              onChange={(v) => set('primary_blur', v)}
            />
            <div className="sm:col-span-2">
              <RangeField
                label={THEME_FIELD_LABELS.primary_opacity}
                {...OPACITY_RANGE}
                value={theme.primary_opacity}
                onChange={opacity('primary_opacity')}
              />
            </div>
          </SettingsSection>
          <SettingsSection title="Secondary Color Settings">
            <ColorField
              label={THEME_FIELD_LABELS.secondary_color}
              value={theme.secondary_color}
              onChange={(v) => set('secondary_color', v)}
            />
            <BlurSelect
              label={THEME_FIELD_LABELS.secondary_blur}
              value={theme.secondary_blur}
              options={BLUR_OPTIONS.secondary}
              onChange={(v) => set('secondary_blur', v)}
            />
            <div className="sm:col-span-2">
              <RangeField
                label={THEME_FIELD_LABELS.secondary_opacity}
                {...OPACITY_RANGE}
                value={theme.secondary_opacity}
                onChange={opacity('secondary_opacity')}
              />
            </div>
          </SettingsSection>
          <SettingsSection title="Border Radius Settings">
            <RangeField
              label={THEME_FIELD_LABELS.header_radius}
              {...RADIUS_RANGE}
              unit="px"
              value={theme.header_radius}
              onChange={radius('header_radius')}
            />
            <RangeField
              label={THEME_FIELD_LABELS.button_radius}
              {...RADIUS_RANGE}
              unit="px"
              value={theme.button_radius}
              onChange={radius('button_radius')}
            />
          </SettingsSection>
          <SettingsSection title="Button Settings">
            <BlurSelect
              label={THEME_FIELD_LABELS.button_blur}
              value={theme.button_blur}
              options={BLUR_OPTIONS.button}
              onChange={(v) => set('button_blur', v)}
            />
            <RangeField
              label={THEME_FIELD_LABELS.button_opacity}
              {...OPACITY_RANGE}
              value={theme.button_opacity}
              onChange={opacity('button_opacity')}
            />
          </SettingsSection>
        </div>
        {/* Beside the controls on wide screens; on narrow ones between the controls and the save button. */}
        <div className="space-y-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <h2 className="m-0 text-base font-semibold">Live preview</h2>
          <ThemePreview theme={theme} name={company.name} />
          {warnings.length > 0 && (
            <div
              role="alert"
              className="rounded-xl border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
            >
              <p className="m-0 font-semibold">Low contrast</p>
              <ul className="m-0 mt-1 list-disc space-y-1 pl-5">
                {warnings.map((w) => (
                  <li key={w.id}>{w.message}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div>
          <SettingsActions
            label="Save Theme Settings"
            editingDraft={drafts.draft !== null}
            busy={saving}
            onSaveDraft={saveDraft}
            onPreview={preview}
            onHistory={drafts.openHistory}
          />
          {status && (
            <p
              role={status.tone === 'error' ? 'alert' : 'status'}
              data-tone={status.tone}
              className={`m-0 mt-3 text-sm font-medium ${TONES[status.tone]}`}
            >
              {status.text}
            </p>
          )}
        </div>
      </form>
      {/* Beside the form, not in it: the dialog's controls are no part of the theme. */}
      <RevisionsDialog
        itemPath={drafts.historyPath}
        title="History of the theme settings"
        onClose={drafts.closeHistory}
        onRestored={(message) =>
          void run(async () => {
            await drafts.restore(message);
            return null;
          }, 'The restored draft could not be read. Please reload the page.')
        }
      />
    </>
  );
}

/** The Theme Settings island: shown to a signed-in admin only. */
export default function ThemeSettings() {
  return <AdminGate>{() => <ThemeEditor />}</AdminGate>;
}

/**
 * Theme Settings (spec §2): the four sections, a live preview in both themes and contrast warnings; the save sends the
 * ten theme fields as JSON and refreshes the branding store, so this page (and every island) follows at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { updateTheme, type ThemeSettings } from '../../../lib/api/admin/company.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { $branding, loadBranding, refreshBranding, setBranding } from '../../../lib/stores/branding.ts';
import type { Company } from '../../../shared/types.ts';
import AdminGate from '../ui/AdminGate.tsx';
import Spinner from '../ui/Spinner.tsx';
import { BlurSelect, ColorField, RangeField, SettingsSection } from './controls.tsx';
import ThemePreview from './ThemePreview.tsx';
import {
  BLUR_OPTIONS,
  contrastWarnings,
  fitControls,
  OPACITY_RANGE,
  RADIUS_RANGE,
  snap,
  themeOf,
} from './theme-preview.ts';

const SAVED = 'Theme settings updated successfully!';
const FAILED = 'Failed to update theme settings. Please try again.';

function ThemeEditor() {
  const branding = useStore($branding);
  // Fresh values from the API (fetched once per page, shared with the admin shell), not the ones the page was built with.
  useEffect(() => void loadBranding(), []);
  // The branding never goes back to loading: the form is drawn once, from the first answer.
  if (branding.status === 'loading') return <Spinner label="Loading theme settings" />;
  return <ThemeForm company={branding.company} />;
}

function ThemeForm({ company }: { company: Company }) {
  const [draft, setDraft] = useState<ThemeSettings>(() => fitControls(themeOf(company)));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');

  const set = <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => setDraft({ ...draft, [key]: value });
  const opacity = (key: 'primary_opacity' | 'secondary_opacity' | 'button_opacity') => (value: number) =>
    set(key, snap(value, OPACITY_RANGE));
  const radius = (key: 'header_radius' | 'button_radius') => (value: number) => set(key, snap(value, RADIUS_RANGE));
  const warnings = contrastWarnings(draft);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setMessage('');
    try {
      const saved = await updateTheme(draft);
      setMessage(saved.message || SAVED);
      if (saved.company) setBranding(saved.company);
      // Spec §7: afterwards the theme is refreshed from GET /api/company.
      await refreshBranding();
    } catch (error) {
      setMessage(errorMessage(error, FAILED));
    } finally {
      setSaving(false);
    }
  }

  const good = message.toLowerCase().includes('success');
  return (
    <form
      onSubmit={(event) => {
        void save(event);
      }}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start"
      noValidate
    >
      <div className="space-y-4">
        <SettingsSection title="Primary Color Settings">
          <ColorField label="Primary color" value={draft.primary_color} onChange={(v) => set('primary_color', v)} />
          <BlurSelect
            label="Primary blur"
            value={draft.primary_blur}
            options={BLUR_OPTIONS.primary}
            onChange={(v) => set('primary_blur', v)}
          />
          <div className="sm:col-span-2">
            <RangeField
              label="Primary opacity"
              {...OPACITY_RANGE}
              value={draft.primary_opacity}
              onChange={opacity('primary_opacity')}
            />
          </div>
        </SettingsSection>
        <SettingsSection title="Secondary Color Settings">
          <ColorField
            label="Secondary color"
            value={draft.secondary_color}
            onChange={(v) => set('secondary_color', v)}
          />
          <BlurSelect
            label="Secondary blur"
            value={draft.secondary_blur}
            options={BLUR_OPTIONS.secondary}
            onChange={(v) => set('secondary_blur', v)}
          />
          <div className="sm:col-span-2">
            <RangeField
              label="Secondary opacity"
              {...OPACITY_RANGE}
              value={draft.secondary_opacity}
              onChange={opacity('secondary_opacity')}
            />
          </div>
        </SettingsSection>
        <SettingsSection title="Border Radius Settings">
          <RangeField
            label="Header radius"
            {...RADIUS_RANGE}
            unit="px"
            value={draft.header_radius}
            onChange={radius('header_radius')}
          />
          <RangeField
            label="Button radius"
            {...RADIUS_RANGE}
            unit="px"
            value={draft.button_radius}
            onChange={radius('button_radius')}
          />
        </SettingsSection>
        <SettingsSection title="Button Settings">
          <BlurSelect
            label="Button blur level"
            value={draft.button_blur}
            options={BLUR_OPTIONS.button}
            onChange={(v) => set('button_blur', v)}
          />
          <RangeField
            label="Button opacity"
            {...OPACITY_RANGE}
            value={draft.button_opacity}
            onChange={opacity('button_opacity')}
          />
        </SettingsSection>
      </div>
      {/* Beside the controls on wide screens; on narrow ones between the controls and the save button. */}
      <div className="space-y-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <h2 className="m-0 text-base font-semibold">Live preview</h2>
        <ThemePreview theme={draft} name={company.name} />
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={saving} className="brand-button px-5 py-2.5 font-semibold disabled:opacity-60">
          {saving ? 'Saving...' : 'Save Theme Settings'}
        </button>
        {message && (
          <p
            role={good ? 'status' : 'alert'}
            data-tone={good ? 'success' : 'error'}
            className={`m-0 text-sm font-medium ${good ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
          >
            {message}
          </p>
        )}
      </div>
    </form>
  );
}

/** The Theme Settings island: shown to a signed-in admin only. */
export default function ThemeSettings() {
  return <AdminGate>{() => <ThemeEditor />}</AdminGate>;
}

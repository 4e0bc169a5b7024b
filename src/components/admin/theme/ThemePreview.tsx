/**
 * The draft theme on a miniature page, light and dark side by side. Each pane sets the CSS variables the site's brand
 * classes read (brand-surface, brand-header, brand-button), so it shows what the site will, slider by slider.
 */
import type { CSSProperties } from 'react';
import type { ThemeSettings } from '../../../lib/api/admin/company.ts';
import { PAGE, type PreviewMode } from '../../../lib/theme-contrast.ts';
import { previewVars } from './theme-preview.ts';

const PANE = {
  light: { page: 'bg-white text-gray-900', card: 'border-gray-200 bg-gray-50', muted: 'text-gray-600' },
  dark: { page: 'bg-[#0b0f14] text-gray-100', card: 'border-white/10 bg-[#111821]', muted: 'text-gray-300' },
} as const;

/** Also set inline: the built global.css keeps only the -webkit- form of the brand classes' backdrop-filter (minifier). */
const blur = (px: number): CSSProperties => ({
  backdropFilter: `blur(${px}px)`,
  WebkitBackdropFilter: `blur(${px}px)`,
});

/** Stripes in the page's text colour, faint. */
const STRIPE = { light: 'rgb(17 24 39 / 0.18)', dark: 'rgb(255 255 255 / 0.18)' } as const;

function Pane({ theme, mode, name }: { theme: ThemeSettings; mode: PreviewMode; name: string }) {
  const look = PANE[mode];
  const secondary: CSSProperties = {
    borderRadius: 'var(--button-radius)',
    color: PAGE[mode].text,
    backgroundColor: `color-mix(in srgb, var(--color-secondary) ${Math.round(theme.secondary_opacity * 100)}%, transparent)`,
    ...blur(theme.secondary_blur),
    border: '1px solid var(--color-secondary)',
  };
  return (
    <figure className="m-0 min-w-0" data-preview={mode}>
      <figcaption className="mb-2 text-sm font-medium">{mode === 'light' ? 'Light theme' : 'Dark theme'}</figcaption>
      <div
        className={`relative overflow-hidden rounded-xl border border-gray-300 dark:border-white/15 ${look.page}`}
        style={previewVars(theme, mode)}
      >
        {/* A pattern behind the bar, as a page's hero would be, so its opacity and blur show. */}
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 h-12"
          style={{ backgroundImage: `repeating-linear-gradient(135deg, ${STRIPE[mode]} 0 6px, transparent 6px 14px)` }}
        />
        <div
          data-preview-part="header"
          style={blur(theme.primary_blur)}
          className="brand-surface brand-header relative flex h-12 items-center justify-between gap-2 px-3 text-sm font-semibold"
        >
          <span className="truncate">{name}</span>
          <span className="flex shrink-0 gap-3 text-xs font-medium">
            <span>Shop</span>
            <span>Blogs</span>
            <span className="hidden sm:inline">Events</span>
          </span>
        </div>
        <div className="space-y-3 p-3">
          <p className="m-0 text-sm">
            Body text reads like this, with a{' '}
            <span className="font-semibold text-[var(--color-primary-ink)] underline">brand link</span>.
          </p>
          <div className="flex flex-wrap gap-2">
            <span
              data-preview-part="primary-button"
              style={blur(theme.button_blur)}
              className="brand-button px-3 py-1.5 text-sm font-semibold"
            >
              Primary
            </span>
            <span data-preview-part="secondary-button" className="px-3 py-1.5 text-sm font-semibold" style={secondary}>
              Secondary
            </span>
          </div>
          <div data-preview-part="card" className={`rounded-xl border p-3 ${look.card}`}>
            <p className="m-0 text-sm font-semibold">Card title</p>
            <p className={`m-0 mt-1 text-xs ${look.muted}`}>
              Cards keep the page colours; links take the brand colour.
            </p>
          </div>
        </div>
      </div>
    </figure>
  );
}

export default function ThemePreview({ theme, name }: { theme: ThemeSettings; name: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-label="Theme preview" role="group">
      <Pane theme={theme} mode="light" name={name} />
      <Pane theme={theme} mode="dark" name={name} />
    </div>
  );
}

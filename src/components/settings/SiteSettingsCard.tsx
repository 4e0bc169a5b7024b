/** Settings › Site settings (admins only): the screens where the site itself is set up. */
import { SITE_SETTINGS_LINKS } from './settings-rules.ts';
import SettingsSection from './SettingsSection.tsx';

export default function SiteSettingsCard() {
  return (
    <SettingsSection
      id="site"
      title="Site settings"
      description="You are an administrator: set up the site itself here."
    >
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2">
        {SITE_SETTINGS_LINKS.map((link) => (
          <li key={link.href} className="min-w-0">
            <a
              href={link.href}
              className="block h-full rounded-lg border border-gray-200 px-4 py-3 no-underline hover:border-[var(--color-primary)] hover:bg-gray-500/5 dark:border-white/10"
            >
              <span className="block font-semibold text-[var(--color-primary-ink)]">{link.label}</span>
              <span className="block text-sm text-gray-600 dark:text-gray-400">{link.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}

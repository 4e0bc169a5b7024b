/**
 * Shown on the Theme screen while the publish checks hold the saved colours back: visitors (and this form, which
 * starts from what they see) get the last colours that passed, so the admin is told why and what failed.
 */
import { useEffect, useState } from 'react';
import { fetchPublishChecks } from '../../../lib/api/admin/publish-checks.ts';
import type { CheckedItem } from '../../../shared/publish-checks.ts';

export const HELD_THEME_TEXT =
  'Visitors see the last colours that passed the publish checks: the saved ones are held back.';

export default function HeldThemeNote() {
  const [held, setHeld] = useState<CheckedItem | null>(null);
  useEffect(() => {
    let live = true;
    fetchPublishChecks().then(
      (report) => {
        if (live) setHeld(report.items.find((item) => item.kind === 'theme' && item.held) ?? null);
      },
      // Without the report the form works as before; the dashboard's bell still tells of the hold.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!held) return null;
  return (
    <div className="grid gap-1 rounded-lg border border-red-600/40 bg-red-500/10 px-4 py-3 text-sm" role="note">
      <p className="m-0 font-semibold text-red-800 dark:text-red-200">{HELD_THEME_TEXT}</p>
      <ul className="m-0 grid list-disc gap-1 pl-5 text-red-800 dark:text-red-200">
        {held.findings.map((finding) => (
          <li key={finding.message}>{finding.message}</li>
        ))}
      </ul>
      <a
        href="/admin/publish-checks"
        className="justify-self-start font-medium text-red-800 underline dark:text-red-200"
      >
        See the publish checks
      </a>
    </div>
  );
}

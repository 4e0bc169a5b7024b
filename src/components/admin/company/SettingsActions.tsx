/**
 * The buttons at the foot of a settings screen (Update Company, Theme Settings): its save, which publishes the draft
 * while one is edited, and Save draft, Preview and History as one group that goes below the save when the row is
 * short, three equal columns on a phone, so no button is left alone on a line.
 * Usage: inside the screen's <form>, <SettingsActions label="Save Theme Settings" editingDraft busy onSaveDraft
 * onPreview onHistory>{the upload's progress, if any}</SettingsActions>.
 */
import type { ReactNode } from 'react';
import DraftActions from '../content/ui/DraftActions.tsx';

interface Props {
  /** The save's label while no draft is edited. */
  label: string;
  editingDraft: boolean;
  busy: boolean;
  onSaveDraft: () => void;
  onPreview: () => void;
  onHistory: () => void;
  /** Shown after the buttons (the upload's progress). */
  children?: ReactNode;
}

export default function SettingsActions({
  label,
  editingDraft,
  busy,
  onSaveDraft,
  onPreview,
  onHistory,
  children,
}: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="submit"
        disabled={busy}
        className="brand-button min-h-11 w-full px-5 py-2.5 font-semibold disabled:opacity-60 sm:w-auto"
      >
        {busy ? 'Saving...' : editingDraft ? 'Publish draft' : label}
      </button>
      {/* The same height as the save; narrower padding (and text on the smallest phones) to fit three in a row. */}
      <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto [&>button]:min-h-11 max-sm:[&>button]:px-2 max-[359px]:[&>button]:text-sm">
        <DraftActions keepsDraft busy={busy} onSaveDraft={onSaveDraft} onPreview={onPreview} onHistory={onHistory} />
      </div>
      {children}
    </div>
  );
}

/** Asks before a slider is deleted. */
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { DEFAULT_HERO_NOTE } from './last-active.ts';

interface Props {
  /** The slider's title; the dialog is open while it is set. */
  name: string | null;
  /** It is the only active slider: the dialog says what the home page shows without it. */
  lastActive?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmDelete({ name, lastActive = false, ...actions }: Props) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Delete this slider?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      {...actions}
    >
      “{name}” will be removed from the hero for good. {lastActive && `${DEFAULT_HERO_NOTE} `}This cannot be undone.
    </ConfirmDialog>
  );
}

/** Asks before a slider is deleted. */
import ConfirmDialog from '../ui/ConfirmDialog.tsx';

interface Props {
  /** The slider's title; the dialog is open while it is set. */
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmDelete({ name, ...actions }: Props) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Delete this slider?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      {...actions}
    >
      “{name}” will be removed from the hero for good. This cannot be undone.
    </ConfirmDialog>
  );
}

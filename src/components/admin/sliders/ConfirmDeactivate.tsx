/** Asks before the only active slider is deactivated: the home page then falls back to the default hero. */
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { DEFAULT_HERO_NOTE } from './last-active.ts';

interface Props {
  /** The slider's title; the dialog is open while it is set. */
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmDeactivate({ name, ...actions }: Props) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Deactivate the last active slider?"
      confirmLabel="Deactivate"
      busyLabel="Deactivating..."
      {...actions}
    >
      “{name}” is the only active slider. {DEFAULT_HERO_NOTE}
    </ConfirmDialog>
  );
}

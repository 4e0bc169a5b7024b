/** The confirmation before a delete. Usage: <DeleteContentDialog name={item?.title ?? null} busy onCancel onConfirm />; open while name is not null. */
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';

export default function DeleteContentDialog({
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Delete this item?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      “{(name?.trim() ?? '') || 'Untitled'}” will be removed for good, with its files once nothing else uses them.
    </ConfirmDialog>
  );
}

/** Asks before an account is deactivated or reactivated. */
import type { AdminUser } from '../../../shared/admin.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { fullName } from './user-text.ts';

interface Props {
  /** The account to change; the dialog is open while it is set. */
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmUserDialog({ user, ...actions }: Props) {
  const deactivate = user ? !user.disabled : true;
  const name = user ? fullName(user) : '';
  return (
    <ConfirmDialog
      open={user !== null}
      title={deactivate ? 'Deactivate this account?' : 'Reactivate this account?'}
      confirmLabel={deactivate ? 'Deactivate' : 'Reactivate'}
      busyLabel="Saving..."
      tone={deactivate ? 'danger' : 'safe'}
      {...actions}
    >
      {deactivate
        ? `${name} will be signed out everywhere at once and cannot sign in until the account is reactivated.`
        : `${name} will be able to sign in again.`}
    </ConfirmDialog>
  );
}

/** Asks before another account's two-factor sign-in is reset: what goes, and what happens at its next sign-in. */
import type { AdminUser } from '../../../shared/admin.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { fullName } from './user-text.ts';

interface Props {
  /** The account to reset; the dialog is open while it is set. */
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function ConfirmResetTwoFactorDialog({ user, ...actions }: Props) {
  const name = user ? fullName(user) : '';
  return (
    <ConfirmDialog
      open={user !== null}
      title="Reset two-factor sign-in?"
      confirmLabel="Reset two-factor"
      busyLabel="Resetting..."
      tone="danger"
      {...actions}
    >
      {`${name}'s authenticator app and recovery codes will stop working and ${name} will be signed out everywhere. `}
      {
        'Do this only for someone who lost both. They get an email, and set up two-factor sign-in again when they next sign in (or under Settings).'
      }
    </ConfirmDialog>
  );
}

/**
 * Manage Users' 'Invite staff' card: an address and a staff role send a one-time link (valid INVITATION_DAYS); the
 * open invitations are listed below, each with Withdraw.
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchInvitations, sendInvitation, withdrawInvitation } from '../../../lib/api/admin/users.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { INVITATION_DAYS } from '../../../shared/schemas/staff-invitation.ts';
import { ROLE_LABELS, ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from '../../../shared/staff-roles.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';

export default function InviteStaff() {
  const id = useId();
  const { remote, reload } = useRemote(fetchInvitations, 'Could not load the invitations.');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function run(action: () => Promise<{ message: string }>, onDone?: () => void) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: (await action()).message });
      onDone?.();
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The invitation could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  const invitations = remote.state === 'ready' ? remote.data.results : [];
  return (
    <Panel title="Invite staff" id="invite-panel">
      <p className="m-0 mb-4 text-sm text-gray-600 dark:text-gray-300">
        The person gets a link to create their account with the role you choose. It works once, for {INVITATION_DAYS}{' '}
        days.
      </p>
      <form
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => sendInvitation({ email, role }),
            () => setEmail(''),
          );
        }}
      >
        <div className="order-1 min-w-0">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium">
            Email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            className={FIELD_CLASS}
            value={email}
            disabled={busy}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="order-2 min-w-0">
          <label htmlFor={`${id}-role`} className="block text-sm font-medium">
            Staff role
          </label>
          <select
            id={`${id}-role`}
            className={FIELD_CLASS}
            value={role}
            disabled={busy}
            aria-describedby={`${id}-role-hint`}
            onChange={(e) => setRole(STAFF_ROLES.find((r) => r === e.target.value) ?? 'editor')}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        {/* Under the role it describes on a phone; a row of its own under the fields from 640 px. */}
        <p
          id={`${id}-role-hint`}
          className="order-3 m-0 text-sm text-gray-600 sm:order-4 sm:col-span-3 dark:text-gray-300"
        >
          {ROLE_LABELS[role]}: {ROLE_SUMMARIES[role]}
        </p>
        <button
          type="submit"
          className="brand-button order-4 px-4 py-2 text-sm font-semibold sm:order-3"
          disabled={busy}
        >
          Send invitation
        </button>
      </form>
      <NoticeLine notice={notice} />
      {remote.state === 'loading' && <PanelLoading label="Loading the invitations" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {invitations.length > 0 && (
        <div className="mt-4">
          <h3 className="m-0 mb-2 text-sm font-semibold">Waiting for an answer</h3>
          <ul className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10">
            {invitations.map((invitation) => (
              <li key={invitation._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 flex-1 basis-56 break-all font-medium">{invitation.email}</span>
                <span className="text-sm text-gray-600 dark:text-gray-300">
                  {ROLE_LABELS[invitation.role]} · invited by {invitation.invited_by} · until{' '}
                  {formatDate(invitation.expires_at)}
                </span>
                <button
                  type="button"
                  className="brand-button-outline px-3 py-1 text-sm font-medium text-gray-900 hover:opacity-85 disabled:opacity-60 dark:text-gray-100"
                  disabled={busy}
                  aria-label={`Withdraw the invitation of ${invitation.email}`}
                  onClick={() => void run(() => withdrawInvitation(invitation._id))}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}

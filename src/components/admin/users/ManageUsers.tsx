/**
 * The /admin/manage-users screen: search, filter and page through accounts; change a role;
 * deactivate or reactivate after a confirmation; reset another account's two-factor sign-in after a confirmation;
 * invite staff by email.
 * The server's answer (or refusal) shows in the status line.
 */
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchAdminUsers, resetAdminUserTwoFactor, updateAdminUser } from '../../../lib/api/admin/users.ts';
import type { AdminUser } from '../../../shared/admin.ts';
import type { UserChangeInput } from '../../../shared/schemas/user-admin.ts';
import type { Role, User } from '../../../shared/types.ts';
import { Panel } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import ConfirmResetTwoFactorDialog from './ConfirmResetTwoFactorDialog.tsx';
import ConfirmUserDialog from './ConfirmUserDialog.tsx';
import InviteStaff from './InviteStaff.tsx';
import UserFilters from './UserFilters.tsx';
import { INITIAL_USERS_QUERY, usersQueryReducer } from './users-list.ts';
import UsersTable from './UsersTable.tsx';

const TEXTS: ListTexts = {
  loading: 'Loading users',
  empty: 'No users found.',
  pager: 'Pages of users',
  count: (n) => (n === 1 ? '1 account' : `${n} accounts`),
};

function UsersScreen({ me }: { me: User }) {
  const list = usePagedList(usersQueryReducer, INITIAL_USERS_QUERY, fetchAdminUsers, 'Could not load the users.');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  /** Runs one change of `user` and shows the server's answer; the row is replaced by the account it answers. */
  const run = async (user: AdminUser, save: () => Promise<{ message: string; user: AdminUser }>) => {
    setBusyId(user._id);
    setNotice(null);
    try {
      const answer = await save();
      if (list.remote.state === 'ready')
        list.set({
          ...list.remote.data,
          results: list.remote.data.results.map((u) => (u._id === answer.user._id ? answer.user : u)),
        });
      setNotice({ tone: 'ok', text: answer.message });
      // The change may move the account out of the current filter: read the page again, without the spinner.
      void list.reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The change could not be saved. Please try again.') });
    } finally {
      setBusyId(null);
      setConfirming(null);
      setResetting(null);
    }
  };
  const change = (user: AdminUser, body: UserChangeInput) => run(user, () => updateAdminUser(user._id, body));

  return (
    <div className="flex flex-col gap-4">
      <Panel title="Accounts" id="users-panel">
        <UserFilters query={list.query} dispatch={list.dispatch} />
        <NoticeLine notice={notice} />
        <PagedListBody list={list} texts={TEXTS}>
          {(users) => (
            <UsersTable
              users={users}
              meId={me._id}
              busyId={busyId}
              onRole={(user: AdminUser, role: Role) => void change(user, { role })}
              onToggle={setConfirming}
              onResetTwoFactor={setResetting}
            />
          )}
        </PagedListBody>
      </Panel>
      <InviteStaff />
      <ConfirmUserDialog
        user={confirming}
        busy={busyId !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void change(confirming, { disabled: !confirming.disabled })}
      />
      <ConfirmResetTwoFactorDialog
        user={resetting}
        busy={busyId !== null}
        onCancel={() => setResetting(null)}
        onConfirm={() => resetting && void run(resetting, () => resetAdminUserTwoFactor(resetting._id))}
      />
    </div>
  );
}

export default function ManageUsers() {
  return <AdminGate>{(user) => <UsersScreen me={user} />}</AdminGate>;
}

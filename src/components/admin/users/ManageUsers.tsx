/**
 * The /admin/manage-users screen (issue 17 item 4): search, filter and page through accounts; change a role;
 * deactivate or reactivate after a confirmation. The server's answer (or refusal) shows in the status line.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchAdminUsers, updateAdminUser } from '../../../lib/api/admin/users.ts';
import type { AdminUser, AdminUserPage } from '../../../shared/admin.ts';
import type { UserChangeInput } from '../../../shared/schemas/user-admin.ts';
import type { Role, User } from '../../../shared/types.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmUserDialog from './ConfirmUserDialog.tsx';
import UserFilters from './UserFilters.tsx';
import { INITIAL_USERS_QUERY, pageCount, usersQueryReducer } from './users-list.ts';
import UsersTable from './UsersTable.tsx';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const button = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:hover:bg-white/10';
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-white/10" aria-label="Pages of users">
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
        {total === 1 ? '1 account' : `${total} accounts`}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
        <span className="px-1 text-sm tabular-nums" aria-live="polite">Page {page} of {pages}</span>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
      </div>
    </nav>
  );
}

function UsersScreen({ me }: { me: User }) {
  const [query, dispatch] = useReducer(usersQueryReducer, INITIAL_USERS_QUERY);
  const load = useCallback(() => fetchAdminUsers(query), [query]);
  const { remote, reload, set } = useRemote<AdminUserPage>(load, 'Could not load the users.');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const change = async (user: AdminUser, body: UserChangeInput) => {
    setBusyId(user._id);
    setNotice(null);
    try {
      const answer = await updateAdminUser(user._id, body);
      if (remote.state === 'ready') set({ ...remote.data, results: remote.data.results.map((u) => (u._id === answer.user._id ? answer.user : u)) });
      setNotice({ tone: 'ok', text: answer.message });
      // The change may move the account out of the current filter: read the page again, without the spinner.
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The change could not be saved. Please try again.') });
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  };

  const data = remote.state === 'ready' ? remote.data : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // A change that empties the last page (the account left the filter) steps back to the page that now is last.
  useEffect(() => {
    if (data && data.results.length === 0 && query.page > pages) dispatch({ type: 'page', page: pages });
  }, [data, query.page, pages]);
  return (
    <div className="flex flex-col gap-4">
      <Panel title="Accounts" id="users-panel">
        <UserFilters query={query} dispatch={dispatch} />
        <p
          role="status"
          className={`m-0 mt-3 min-h-5 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {notice?.text}
        </p>
        <div className="mt-2">
          {remote.state === 'loading' && <PanelLoading label="Loading users" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {data && data.results.length === 0 && <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">No users found.</p>}
          {data && data.results.length > 0 && (
            <UsersTable
              users={data.results}
              meId={me._id}
              busyId={busyId}
              onRole={(user: AdminUser, role: Role) => void change(user, { role })}
              onToggle={setConfirming}
            />
          )}
          {data && <Pager page={query.page} pages={pages} total={data.total} onPage={(page) => dispatch({ type: 'page', page })} />}
        </div>
      </Panel>
      <ConfirmUserDialog
        user={confirming}
        busy={busyId !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void change(confirming, { disabled: !confirming.disabled })}
      />
    </div>
  );
}

export default function ManageUsers() {
  return <AdminGate>{(user) => <UsersScreen me={user} />}</AdminGate>;
}

/**
 * The accounts of one page: a table from 1024 px, below that each row stacks into a labelled block (one DOM for
 * both, so nothing is ever wider than the screen). The signed-in admin's own row has its controls disabled.
 */
import { formatDate, formatDateTime } from '../../../lib/format/dates.ts';
import type { AdminUser } from '../../../shared/admin.ts';
import { parseRole, ROLE_LABELS, ROLE_SUMMARIES, ROLES, type Role } from '../../../shared/staff-roles.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import { fullName } from './user-text.ts';

interface Props {
  users: AdminUser[];
  meId: string;
  /** The account whose change is being saved (its controls wait). */
  busyId: string | null;
  onRole: (user: AdminUser, role: Role) => void;
  onToggle: (user: AdminUser) => void;
  /** Another account with two-factor sign-in on: reset it (after a confirmation). */
  onResetTwoFactor: (user: AdminUser) => void;
}

const HEADINGS = ['Name', 'Email', 'Username', 'Role', 'Status', 'Joined', 'Actions'] as const;
function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-500/10 px-2.5 py-0.5 text-xs font-semibold text-red-700 dark:text-red-300">
      <span className="h-1.5 w-1.5 rounded-full bg-red-500" aria-hidden="true" />
      Deactivated
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
      <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
      Active
    </span>
  );
}

function UserRow({
  user,
  me,
  busy,
  onRole,
  onToggle,
  onResetTwoFactor,
}: { user: AdminUser; me: boolean; busy: boolean } & Pick<Props, 'onRole' | 'onToggle' | 'onResetTwoFactor'>) {
  const name = fullName(user);
  const noteId = `user-note-${user._id}`;
  const locked = me || busy;
  return (
    <tr
      className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10"
      aria-busy={busy}
    >
      <Cell heading="Name">
        <span className="min-w-0 text-right font-medium break-words lg:text-left">
          {name}
          {me && (
            <span className="ml-2 rounded bg-[color-mix(in_srgb,var(--color-primary)_15%,transparent)] px-1.5 py-0.5 text-xs font-semibold text-gray-900 dark:text-gray-100">
              You
            </span>
          )}
        </span>
      </Cell>
      <Cell heading="Email">
        <span className="min-w-0 break-all text-right lg:text-left">{user.email}</span>
      </Cell>
      <Cell heading="Username">
        <span className="min-w-0 break-all text-right lg:text-left">{user.username}</span>
      </Cell>
      <Cell heading="Role">
        <select
          aria-label={`Role of ${name}`}
          aria-describedby={me ? noteId : undefined}
          value={user.role}
          disabled={locked}
          onChange={(e) => {
            const role = parseRole(e.target.value);
            if (role) onRole(user, role);
          }}
          className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 disabled:cursor-not-allowed disabled:opacity-60 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100"
        >
          {ROLES.map((role) => (
            <option key={role} value={role} title={ROLE_SUMMARIES[role]}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </Cell>
      <Cell heading="Status">
        <span className="flex flex-wrap justify-end gap-1.5 lg:justify-start">
          <StatusBadge disabled={user.disabled} />
          {user.two_factor && (
            <span className="rounded-full bg-sky-500/10 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-800 dark:text-sky-300">
              Two-factor on
            </span>
          )}
        </span>
      </Cell>
      <Cell heading="Joined">
        <time
          dateTime={user.created_at}
          title={formatDateTime(user.created_at)}
          className="whitespace-nowrap tabular-nums text-gray-700 dark:text-gray-300"
        >
          {formatDate(user.created_at)}
        </time>
      </Cell>
      <Cell heading="Actions" className="lg:text-right">
        {me ? (
          <span
            id={noteId}
            className="text-right text-xs text-gray-600 lg:block lg:max-w-40 lg:text-left dark:text-gray-400"
          >
            Your own account: its role and status cannot be changed here.
          </span>
        ) : (
          <span className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              disabled={locked}
              onClick={() => onToggle(user)}
              aria-label={`${user.disabled ? 'Reactivate' : 'Deactivate'} ${name}`}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${
                user.disabled
                  ? 'border-emerald-600/50 text-emerald-700 hover:bg-emerald-500/10 dark:text-emerald-300'
                  : 'border-red-600/50 text-red-700 hover:bg-red-500/10 dark:text-red-300'
              }`}
            >
              {user.disabled ? 'Reactivate' : 'Deactivate'}
            </button>
            {user.two_factor && (
              <button
                type="button"
                disabled={locked}
                onClick={() => onResetTwoFactor(user)}
                aria-label={`Reset two-factor sign-in of ${name}`}
                className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold whitespace-nowrap hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10"
              >
                Reset two-factor
              </button>
            )}
          </span>
        )}
      </Cell>
    </tr>
  );
}

export default function UsersTable({ users, meId, busyId, onRole, onToggle, onResetTwoFactor }: Props) {
  return (
    <ListTable
      label="User accounts"
      headings={HEADINGS.map((heading) => (
        <th key={heading} scope="col" className="px-3 pb-2 font-semibold">
          {heading}
        </th>
      ))}
    >
      {users.map((user) => (
        <UserRow
          key={user._id}
          user={user}
          me={user._id === meId}
          busy={busyId === user._id}
          onRole={onRole}
          onToggle={onToggle}
          onResetTwoFactor={onResetTwoFactor}
        />
      ))}
    </ListTable>
  );
}

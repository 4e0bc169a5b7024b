/**
 * The /admin/team screen: the people About shows, in their order; add and edit in a dialog (with a
 * portrait and its upload progress), move up or down, delete after a confirmation. Every change rebuilds the site;
 * the server's answer shows in the status line.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { moveItem } from '../../../lib/admin/slider-form.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { deleteTeamMember, fetchAdminTeam, reorderTeam } from '../../../lib/api/team.ts';
import type { TeamMember, TeamMemberSaved } from '../../../shared/schemas/team.ts';
import { LoadError, Panel, PanelAction, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { orderNotice, removalNote } from './team-form.ts';
import TeamMemberDialog from './TeamMemberDialog.tsx';
import TeamTable from './TeamTable.tsx';

function TeamScreen() {
  const load = useCallback(() => fetchAdminTeam(), []);
  const { remote, reload, set } = useRemote(load, 'Could not load the team.');
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const members = remote.state === 'ready' ? remote.data : [];

  const saved = (answer: TeamMemberSaved) => {
    setEditing(null);
    setNotice({ tone: 'ok', text: `${answer.message}. About shows the change once the site is rebuilt.` });
    void reload(true);
  };

  // The arrow the moved row keeps the focus on, once the list shows the saved order and its buttons are enabled again.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !focusAfterMove.current) return;
    document.querySelector<HTMLButtonElement>(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [busy]);

  async function move(from: number, to: number) {
    const next = moveItem(members, from, to);
    const moved = members[from];
    if (!moved || next.every((m, i) => m._id === members[i]?._id)) return;
    setBusy(true);
    setNotice(null);
    set(next);
    try {
      set(await reorderTeam(next.map((m) => m._id)));
      setNotice({ tone: 'ok', text: orderNotice(moved.name, next.indexOf(moved) + 1, next.length) });
      // The moved row's arrow keeps the focus, as the slider cards do (the effect above, after the buttons are enabled).
      focusAfterMove.current = `[data-member="${CSS.escape(moved._id)}"] button[data-move="${to < from ? 'up' : 'down'}"]:not(:disabled)`;
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The new order could not be saved. Please try again.') });
      void reload(true);
    } finally {
      setBusy(false);
    }
  }

  async function remove(member: TeamMember) {
    setBusy(true);
    setNotice(null);
    try {
      await deleteTeamMember(member._id);
      setNotice({ tone: 'ok', text: `${member.name} was removed from the team.` });
      void reload(true);
    } catch (error) {
      setNotice({
        tone: 'error',
        text: errorMessage(error, 'The team member could not be removed. Please try again.'),
      });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const addButton = (
    <PanelAction
      label="Add Member"
      onClick={() => {
        setNotice(null);
        setEditing('new');
      }}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <Panel title="Team members" id="team-panel" action={addButton}>
        <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
          The people shown under 'Our Team' on the About page, in this order. While the list is empty, About shows three
          placeholders.
        </p>
        <NoticeLine notice={notice} />
        <div className="mt-2">
          {remote.state === 'loading' && <PanelLoading label="Loading the team" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {remote.state === 'ready' && members.length === 0 && (
            <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">
              No team members yet. Add the first one.
            </p>
          )}
          {members.length > 0 && (
            <TeamTable
              members={members}
              busy={busy}
              onMove={(from, to) => void move(from, to)}
              onEdit={(member) => {
                setNotice(null);
                setEditing(member);
              }}
              onDelete={setDeleting}
            />
          )}
        </div>
      </Panel>
      <TeamMemberDialog editing={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ConfirmDialog
        open={deleting !== null}
        title="Remove team member?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleting ? removalNote(deleting, members) : ''}
      </ConfirmDialog>
    </div>
  );
}

export default function ManageTeam() {
  return <AdminGate>{() => <TeamScreen />}</AdminGate>;
}

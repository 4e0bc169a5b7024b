/**
 * The admin layout's one island: the centred spinner while the session and branding load, then the top bar's controls
 * (menu, publish status, notifications, messages, Logout; placed into AdminLayout's static top bar) and the 'Admin Panel' sidebar.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { signOut } from '../../../lib/api/auth.ts';
import { $adminGate, ensureAdminGate, GATE_READY_ATTRIBUTE } from '../../../lib/stores/admin-gate.ts';
import { can, type Role } from '../../../shared/staff-roles.ts';
import { $branding, loadBranding } from '../../../lib/stores/branding.ts';
import Spinner from '../ui/Spinner.tsx';
import { $unreadConversations, messagesLinkLabel, refreshUnreadConversations } from '../messages/unread-count.ts';
import AdminSidebar from './AdminSidebar.tsx';
import NotificationsButton from './NotificationsButton.tsx';
import PublishIndicator from './PublishIndicator.tsx';
import { useMediaQuery } from './use-dismiss.ts';

const SIDEBAR_ID = 'admin-sidebar';
const iconButton =
  'inline-flex h-10 w-9 min-[360px]:w-10 items-center justify-center rounded-md text-gray-700 hover:bg-black/5 dark:text-gray-200 dark:hover:bg-white/10';

/** How often the unread count is asked again while the page is open (and when the window gets the focus back). */
const UNREAD_POLL_MS = 60_000;

/** The top bar's Messages link: to /admin/messages, with a badge counting the conversations with unread visitor messages. */
function MessagesLink({ className }: { className: string }) {
  const unread = useStore($unreadConversations);
  useEffect(() => {
    void refreshUnreadConversations();
    const refresh = () => {
      if (document.visibilityState === 'visible') void refreshUnreadConversations();
    };
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  const label = messagesLinkLabel(unread);
  return (
    <a href="/admin/messages" className={`${className} relative`} aria-label={label} title={label}>
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      {unread ? (
        <span
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
          aria-hidden="true"
          data-badge
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </a>
  );
}

/** Renders into AdminLayout's static top bar spot of that name, or in place when a page has none. */
function InTopBar({ spot, children }: { spot: 'menu' | 'actions'; children: ReactNode }) {
  const [target] = useState(() => document.querySelector<HTMLElement>(`[data-admin-spot="${spot}"]`));
  return target ? createPortal(children, target) : <>{children}</>;
}

function Chrome({ role }: { role: Role }) {
  const overlay = useMediaQuery('(max-width: 767.98px)');
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Growing past 768 px turns the overlay into the column: nothing is left open behind it.
  const [wasOverlay, setWasOverlay] = useState(overlay);
  if (wasOverlay !== overlay) {
    setWasOverlay(overlay);
    if (!overlay) setOpen(false);
  }

  async function logOut() {
    setLeaving(true);
    await signOut();
    location.assign('/login');
  }

  return (
    <>
      <InTopBar spot="menu">
        {overlay && (
          <button
            ref={menuButton}
            type="button"
            className={iconButton}
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
            onClick={() => setOpen(!open)}
          >
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        )}
      </InTopBar>
      <InTopBar spot="actions">
        <PublishIndicator />
        <NotificationsButton buttonClass={iconButton} />
        {can(role, 'messages') && <MessagesLink className={iconButton} />}
        <button
          type="button"
          onClick={() => void logOut()}
          disabled={leaving}
          aria-label="Logout"
          className="brand-button-outline ml-0.5 inline-flex h-9 min-[360px]:ml-1 items-center gap-2 px-2.5 text-sm font-medium hover:opacity-85 disabled:opacity-60 min-[420px]:px-3"
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
          </svg>
          {/* Narrow phones keep the whole 'Admin Dashboard' title: the word shows from 420 px, the name is always 'Logout'. */}
          <span className="hidden min-[420px]:inline">Logout</span>
        </button>
      </InTopBar>
      <AdminSidebar
        id={SIDEBAR_ID}
        role={role}
        pathname={location.pathname}
        overlay={overlay}
        open={open}
        onClose={close}
        opener={menuButton}
      />
    </>
  );
}

export default function AdminShell() {
  const gate = useStore($adminGate);
  const branding = useStore($branding);
  useEffect(() => {
    ensureAdminGate();
    // The admin sees the branding as it is now, not as built (a save on Theme Settings shows at once).
    void loadBranding();
  }, []);
  const ready = gate.status === 'ready' && branding.status !== 'loading';
  useEffect(() => {
    if (ready) document.documentElement.setAttribute(GATE_READY_ATTRIBUTE, 'ready');
  }, [ready]);
  if (!ready) {
    return (
      <div className="fixed inset-0 z-[60] flex items-center justify-center">
        <Spinner label="Loading the admin area" />
      </div>
    );
  }
  return <Chrome role={gate.user.role} />;
}

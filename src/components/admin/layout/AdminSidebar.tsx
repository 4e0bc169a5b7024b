/** The 'Admin Panel' sidebar: a column beside the screen from 768 px, an overlay below (closed by default). */
import { useEffect, useRef, type RefObject } from 'react';
import type { Role } from '../../../shared/staff-roles.ts';
import { adminLinksFor, isCurrentAdminLink } from './admin-links.ts';
import { useDismiss } from './use-dismiss.ts';

interface Props {
  id: string;
  /** The signed-in person's role: the sidebar lists only the screens it includes. */
  role: Role;
  pathname: string;
  /** Below 768 px: an overlay that opens over the screen. */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
  /** The menu button: a press on it toggles, so it is not an outside click; focus returns to it on close. */
  opener: RefObject<HTMLButtonElement | null>;
}

function Links({ role, pathname, onNavigate }: { role: Role; pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="m-0 flex list-none flex-col gap-1 p-0">
      {adminLinksFor(role).map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            onClick={onNavigate}
            aria-current={isCurrentAdminLink(link.href, pathname) ? 'page' : undefined}
            className="flex items-center gap-3 rounded-lg border-l-4 border-transparent px-3 py-2.5 text-sm font-medium text-gray-700 no-underline hover:bg-black/5 dark:text-gray-200 dark:hover:bg-white/10 aria-[current=page]:border-[var(--color-primary)] aria-[current=page]:bg-black/5 aria-[current=page]:text-[var(--color-primary-ink)] dark:aria-[current=page]:bg-white/10"
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              className="shrink-0"
            >
              <path d={link.icon} />
            </svg>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const heading = (
  <p className="m-0 mb-3 px-3 text-xs font-semibold uppercase tracking-wider text-gray-500 dark:text-gray-400">
    Admin Panel
  </p>
);

export default function AdminSidebar({ id, role, pathname, overlay, open, onClose, opener }: Props) {
  const panel = useRef<HTMLElement>(null);
  useDismiss(overlay && open, onClose, [panel, opener]);

  // Opened: focus moves into the panel; closed: back to the menu button (only after it was open).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!overlay) return;
    if (open) panel.current?.querySelector<HTMLElement>('a,button')?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, overlay, opener]);

  if (!overlay) {
    return (
      <nav
        id={id}
        aria-label="Admin Panel"
        className="fixed bottom-0 left-0 top-16 z-30 w-64 overflow-y-auto border-r border-gray-200 bg-white px-3 py-5 dark:border-white/10 dark:bg-[#0f151c]"
      >
        {heading}
        <Links role={role} pathname={pathname} />
      </nav>
    );
  }
  return (
    <div
      className={`fixed inset-0 z-50 ${open ? '' : 'pointer-events-none invisible'}`}
      inert={!open}
      data-admin-sidebar={open ? 'open' : 'closed'}
    >
      <div
        className={`absolute inset-0 bg-black/60 transition-opacity duration-200 motion-reduce:transition-none ${open ? 'opacity-100' : 'opacity-0'}`}
        aria-hidden="true"
      />
      <nav
        ref={panel}
        id={id}
        aria-label="Admin Panel"
        className={`relative flex h-full w-72 max-w-[85vw] flex-col overflow-y-auto bg-white px-3 py-4 shadow-xl transition-transform duration-200 motion-reduce:transition-none dark:bg-[#0f151c] ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="mb-3 flex items-center justify-between pl-3">
          <p className="m-0 text-xs font-semibold uppercase tracking-wider text-gray-500 dark:text-gray-400">
            Admin Panel
          </p>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-black/5 dark:hover:bg-white/10"
          >
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <Links role={role} pathname={pathname} onNavigate={onClose} />
      </nav>
    </div>
  );
}

/** Settings › Account › Sessions: where the account is signed in, and 'Sign out of other sessions'. */
import { useCallback, useEffect, useState } from 'react';
import { fetchSessions, signOutOtherSessions, signOutSession } from '../../lib/api/account.ts';
import { errorMessage, signOut } from '../../lib/api/auth.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import type { AccountSession } from '../../shared/account.ts';
import { Alert } from '../auth/fields.tsx';
import { sessionTitle } from './settings-rules.ts';
import { OUTLINE_BUTTON } from './SettingsSection.tsx';

export default function SessionsList() {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const load = useCallback(() => {
    fetchSessions()
      .then(setSessions)
      .catch((e: unknown) =>
        setMessage({ tone: 'error', text: errorMessage(e, 'Your sessions could not be loaded.') }),
      );
  }, []);
  useEffect(load, [load]);

  async function signOutOthers() {
    setBusy(true);
    setMessage(null);
    try {
      const n = await signOutOtherSessions();
      setMessage({
        tone: 'success',
        text:
          n === 0 ? 'There were no other sessions.' : `Signed out of ${n} other ${n === 1 ? 'session' : 'sessions'}.`,
      });
      load();
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'The other sessions could not be ended. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  /** Ends one session; this browser's own is a sign-out like the header's. */
  async function end(session: AccountSession) {
    setBusy(true);
    setMessage(null);
    try {
      if (session.current) {
        await signOut();
        location.assign('/login');
        return;
      }
      await signOutSession(session._id);
      setMessage({ tone: 'success', text: 'That session was signed out.' });
      load();
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'That session could not be ended. Please try again.') });
      load();
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <div>
      <h3 className="m-0 text-base font-semibold">Active sessions</h3>
      <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
        Browsers and devices signed in to your account.
      </p>
      {sessions === null ? (
        !message && <p className="m-0 mt-3 text-sm text-gray-600 dark:text-gray-400">Loading...</p>
      ) : (
        <ul
          className="m-0 mt-3 list-none divide-y divide-gray-200 rounded-lg border border-gray-200 p-0 dark:divide-white/10 dark:border-white/10"
          aria-label="Active sessions"
        >
          {sessions.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5">
              <span className="min-w-0">
                <span className="block text-sm font-medium">{sessionTitle(s)}</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  Signed in {formatDateTime(s.createdAt)} · last active {formatDateTime(s.lastSeenAt)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {s.current && (
                  <span className="rounded-full bg-emerald-600/15 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                    Current
                  </span>
                )}
                <button
                  type="button"
                  className="rounded px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] underline disabled:opacity-60"
                  disabled={busy}
                  aria-label={`Sign out ${sessionTitle(s).toLowerCase()}, signed in ${formatDateTime(s.createdAt)}`}
                  onClick={() => void end(s)}
                >
                  Sign out
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={`${OUTLINE_BUTTON} mt-3`}
        disabled={busy || others === 0}
        onClick={() => void signOutOthers()}
      >
        {busy ? 'Signing out...' : 'Sign out of other sessions'}
      </button>
      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
    </div>
  );
}

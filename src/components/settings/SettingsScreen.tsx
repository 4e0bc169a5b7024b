/**
 * /settings (issue 20 item 2): the signed-in person's Profile, Account, Your data and Danger zone, and for admins the
 * Site settings links. A visitor without a session signs in first and comes back here.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchAccount } from '../../lib/api/account.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import { currentToken } from '../../lib/api/client.ts';
import { loginHref } from '../../lib/auth-rules.ts';
import { logout } from '../../lib/stores/session.ts';
import type { AccountProfile } from '../../shared/account.ts';
import Spinner from '../admin/ui/Spinner.tsx';
import { Alert } from '../auth/fields.tsx';
import AccountSection from './AccountSection.tsx';
import DataSection from './DataSection.tsx';
import DeleteAccount from './DeleteAccount.tsx';
import ProfileSection from './ProfileSection.tsx';
import SiteSettingsCard from './SiteSettingsCard.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'leaving' }
  | { state: 'error'; message: string }
  | { state: 'ready'; account: AccountProfile }
  | { state: 'deleted' };

/** How long the goodbye shows before the home page. */
const GOODBYE_MS = 3000;

function sendToLogin(): void {
  location.replace(loginHref(location.pathname + location.search));
}

export default function SettingsScreen() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const read = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchAccount()
      .then((account) => setLoad({ state: 'ready', account }))
      .catch((error: unknown) => {
        if ((error as { status?: number }).status === 401) {
          logout();
          setLoad({ state: 'leaving' });
          sendToLogin();
          return;
        }
        setLoad({ state: 'error', message: errorMessage(error, 'Your settings could not be loaded. Please try again.') });
      });
  }, []);

  useEffect(() => {
    if (currentToken() !== null) return read();
    setLoad({ state: 'leaving' });
    sendToLogin();
  }, [read]);

  useEffect(() => {
    if (load.state !== 'deleted') return;
    const timer = setTimeout(() => location.assign('/'), GOODBYE_MS);
    return () => clearTimeout(timer);
  }, [load.state]);

  if (load.state === 'leaving') return null;
  if (load.state === 'loading') return <Spinner compact label="Loading your settings" />;
  if (load.state === 'deleted') {
    return (
      <div className="space-y-3">
        <Alert tone="success">Your account was deleted. Taking you to the home page...</Alert>
        <a href="/" className="inline-block font-medium text-[var(--color-primary-ink)] hover:underline">Go to the home page now</a>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300">
        <span className="min-w-0 flex-1">{load.message}</span>
        <button type="button" onClick={read} className="brand-button-outline shrink-0 px-3 py-1 text-sm font-medium text-gray-900 dark:text-gray-100">Retry</button>
      </div>
    );
  }

  const { account } = load;
  const update = (next: AccountProfile) => setLoad({ state: 'ready', account: next });
  return (
    <div className="flex flex-col gap-6">
      {account.must_change_password && <Alert tone="error">Your password was generated for you: please choose a new one below before continuing.</Alert>}
      {account.role === 'admin' && <SiteSettingsCard />}
      <ProfileSection account={account} onChange={update} />
      <AccountSection account={account} onChange={update} />
      <DataSection account={account} />
      <DeleteAccount account={account} onDeleted={() => setLoad({ state: 'deleted' })} />
    </div>
  );
}

/**
 * /settings: the signed-in person's Profile, Account, Passkeys, Your data and Danger zone, and for admins the
 * Site settings links. A visitor without a session signs in first and comes back here.
 */
import { isStaff } from '../../shared/staff-roles.ts';
import { useEffect, useState } from 'react';
import { fetchAccount } from '../../lib/api/account.ts';
import type { AccountProfile } from '../../shared/account.ts';
import LoadFailure from '../account/LoadFailure.tsx';
import { useSignedInLoad } from '../account/use-signed-in-load.ts';
import Spinner from '../admin/ui/Spinner.tsx';
import { Alert } from '../auth/fields.tsx';
import AccountSection from './AccountSection.tsx';
import DataSection from './DataSection.tsx';
import DeleteAccount from './DeleteAccount.tsx';
import PasskeysSection from './PasskeysSection.tsx';
import ProfileSection from './ProfileSection.tsx';
import SiteSettingsCard from './SiteSettingsCard.tsx';
import TwoFactorSection from './TwoFactorSection.tsx';

/** How long the goodbye shows before the home page. */
const GOODBYE_MS = 3000;

export default function SettingsScreen() {
  const { load, setLoad, read } = useSignedInLoad(fetchAccount, 'Your settings could not be loaded. Please try again.');
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => location.assign('/'), GOODBYE_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  if (deleted) {
    return (
      <div className="space-y-3">
        <Alert tone="success">Your account was deleted. Taking you to the home page...</Alert>
        <a href="/" className="inline-block font-medium text-[var(--color-primary-ink)] hover:underline">
          Go to the home page now
        </a>
      </div>
    );
  }
  if (load.state === 'leaving') return null;
  if (load.state === 'loading') return <Spinner compact label="Loading your settings" />;
  if (load.state === 'error') return <LoadFailure message={load.message} onRetry={read} />;

  const account = load.data;
  const update = (next: AccountProfile) => setLoad({ state: 'ready', data: next });
  return (
    <div className="flex flex-col gap-6">
      {account.must_change_password && (
        <Alert tone="error">
          Your password was generated for you: please choose a new one below before continuing.
        </Alert>
      )}
      {account.role === 'admin' && <SiteSettingsCard />}
      <ProfileSection account={account} onChange={update} />
      <AccountSection account={account} onChange={update} />
      <PasskeysSection hasPassword={account.hasPassword} />
      {/* Staff (and an account that still has it on): it renders nothing for anyone else. */}
      {isStaff(account.role) && <TwoFactorSection />}
      <DataSection account={account} />
      <DeleteAccount account={account} onDeleted={() => setDeleted(true)} />
    </div>
  );
}

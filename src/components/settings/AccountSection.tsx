/** Settings › Account: the email (changed by a code), the password, and the sessions. */
import type { AccountProfile } from '../../shared/account.ts';
import ChangePasswordForm from '../auth/ChangePasswordForm.tsx';
import EmailChange from './EmailChange.tsx';
import SessionsList from './SessionsList.tsx';
import SettingsSection from './SettingsSection.tsx';

const divider = 'border-t border-gray-200 pt-6 dark:border-white/10';

export default function AccountSection({
  account,
  onChange,
}: {
  account: AccountProfile;
  onChange: (account: AccountProfile) => void;
}) {
  return (
    <SettingsSection id="account" title="Account" description="How you sign in.">
      <div className="space-y-6">
        <EmailChange account={account} onChange={onChange} />
        {account.hasPassword ? (
          <div className={divider}>
            {/* A flex gap, not space-y: the heading's m-0 would cancel space-y's margin under it. */}
            <ChangePasswordForm
              className="flex max-w-md flex-col gap-4"
              headingLevel="h3"
              onChanged={() => onChange({ ...account, must_change_password: false })}
            />
          </div>
        ) : (
          <div className={divider}>
            <h3 className="m-0 text-base font-semibold">Password</h3>
            <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
              You sign in with Google, so this account has no password. To add one, use “Forgot Password?” on the login
              page.
            </p>
          </div>
        )}
        <div className={divider}>
          <SessionsList />
        </div>
      </div>
    </SettingsSection>
  );
}

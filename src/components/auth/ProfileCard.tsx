/** The signed-in user's profile from /api/auth/me; a guest placeholder when nothing loads. */
import { useEffect, useState } from 'react';
import { fetchMe } from '../../lib/api/auth.ts';
import { currentToken } from '../../lib/api/client.ts';
import { loginHref } from '../../lib/auth-rules.ts';
import { logout } from '../../lib/stores/session.ts';
import { takeAdminOnlyNotice } from '../../lib/stores/admin-gate.ts';
import type { User } from '../../shared/types.ts';
import SafeImage from '../lists/SafeImage.tsx';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import { Alert, AuthCard } from './fields.tsx';

export default function ProfileCard() {
  const [user, setUser] = useState<User | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Read once: a customer sent here from an admin page sees why, and a reload no longer shows it.
  const [notice] = useState(takeAdminOnlyNotice);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    // Signed out, or a session the server no longer knows: sign in first, then come back here.
    const toLogin = () => {
      setLeaving(true);
      location.replace(loginHref(location.pathname + location.search));
    };
    if (currentToken() === null) {
      toLogin();
      return;
    }
    fetchMe()
      .then(setUser)
      .catch((error: unknown) => {
        if ((error as { status?: number }).status !== 401) {
          setUser(null);
          return;
        }
        logout();
        toLogin();
      })
      .finally(() => setLoaded(true));
  }, []);

  if (leaving) return null;

  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'Guest';
  return (
    <AuthCard title="Profile">
      {notice && (
        <div className="mb-6">
          <Alert tone="info">{notice}</Alert>
        </div>
      )}
      <div className="flex items-center gap-4" aria-busy={!loaded}>
        {user?.profile_image ? (
          <SafeImage
            src={user.profile_image}
            alt=""
            width={80}
            height={80}
            className="h-20 w-20 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-gray-200 text-2xl font-bold dark:bg-white/10"
            aria-hidden="true"
          >
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="m-0 break-words text-lg font-semibold">{name}</p>
          <p className="m-0 break-words text-gray-600 dark:text-gray-300">
            {user?.email ?? (loaded ? 'Not signed in' : '')}
          </p>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">First name</dt>
        <dd className="m-0 min-w-0 break-words">{user?.first_name ?? 'Guest'}</dd>
        <dt className="font-medium">Last name</dt>
        <dd className="m-0 min-w-0 break-words">{user?.last_name ?? ''}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="m-0 min-w-0 break-words">{user?.email ?? ''}</dd>
      </dl>
      {user && (
        <p className="m-0 mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <a href="/orders" className="font-medium text-[var(--color-primary-ink)] hover:underline">
            Your orders
          </a>
          <a href="/settings" className="font-medium text-[var(--color-primary-ink)] hover:underline">
            Settings
          </a>
        </p>
      )}
      {user?.must_change_password && (
        <div className="mt-6">
          <Alert tone="error">Your password was generated for you: please choose a new one before continuing.</Alert>
        </div>
      )}
      {user && <ChangePasswordForm onChanged={() => setUser({ ...user, must_change_password: false })} />}
      {loaded && !user && (
        <p className="mt-6 text-sm">
          <a href="/login" className="font-medium text-[var(--color-primary-ink)] hover:underline">
            Login
          </a>{' '}
          to see your profile.
        </p>
      )}
    </AuthCard>
  );
}

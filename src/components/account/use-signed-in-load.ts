/**
 * The one way a signed-in page (orders, messages, settings) loads its data: a visitor without a session, or with one
 * the server no longer knows (401), signs in first and comes back to this page; any other failure is a sentence with
 * Retry (LoadFailure.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { currentToken } from '../../lib/api/client.ts';
import { loginHref } from '../../lib/auth-rules.ts';
import { logout } from '../../lib/stores/session.ts';

export type SignedInLoad<T> =
  { state: 'loading' } | { state: 'leaving' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/** Sends the visitor to sign in, then back to this page. */
export function sendToLogin(): void {
  location.replace(loginHref(location.pathname + location.search));
}

/** True when a failed call means the session is gone. */
export const isSignedOut = (error: unknown) => (error as { status?: number }).status === 401;

/** Loads with `fetcher` once signed in; `failure` is the sentence shown when the server gives none. */
export function useSignedInLoad<T>(fetcher: () => Promise<T>, failure: string) {
  const [load, setLoad] = useState<SignedInLoad<T>>({ state: 'loading' });
  /** The session is gone: forget it, and sign in again. */
  const leave = useCallback(() => {
    logout();
    setLoad({ state: 'leaving' });
    sendToLogin();
  }, []);
  const read = useCallback(() => {
    setLoad({ state: 'loading' });
    fetcher()
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) =>
        isSignedOut(error) ? leave() : setLoad({ state: 'error', message: errorMessage(error, failure) }),
      );
  }, [fetcher, failure, leave]);
  useEffect(() => {
    if (currentToken() !== null) {
      read();
      return;
    }
    setLoad({ state: 'leaving' });
    sendToLogin();
  }, [read]);
  return { load, setLoad, read, leave };
}

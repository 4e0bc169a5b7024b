/**
 * The event page's registration calls, one function per endpoint. Plain fetch, not the API client: the sign-up
 * form's code (lib/browser/event-registration.ts) stays small (the client brings ofetch and the session store).
 */
import type { EventAvailability, RegistrationAnswer } from '../../shared/events.ts';
import { readStorage } from '../browser/storage.ts';
import { publicApiBase } from './base.ts';

/** A refusal or a failed request: the server's { message, field } when it sent one. */
export class RegistrationError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(message: string, status: number, field: string | undefined) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** The stored session token (the same rule as the session store), sent so a sign-up is tied to the account. */
function bearer(): Record<string, string> {
  const token = readStorage('token');
  return token && /^[A-Za-z0-9_-]{16,512}$/.test(token) ? { Authorization: `Bearer ${token}` } : {};
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${publicApiBase()}${path}`, {
      ...init,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...bearer(),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
  } catch {
    throw new RegistrationError('You seem to be offline. Please try again.', 0, undefined);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; field?: unknown };
    throw new RegistrationError(
      typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.',
      res.status,
      typeof body.field === 'string' ? body.field : undefined,
    );
  }
  return data as T;
}

const eventPath = (key: string) => `/api/events/${encodeURIComponent(key)}`;

/** GET /api/events/{id or slug}/availability. */
export const fetchAvailability = (key: string) => call<EventAvailability>(`${eventPath(key)}/availability`);

/** POST /api/events/{id or slug}/registrations. */
export const registerForEvent = (key: string, body: { name: string; email: string; seats: number }) =>
  call<RegistrationAnswer>(`${eventPath(key)}/registrations`, { method: 'POST', body: JSON.stringify(body) });

/** GET /api/auth/me for the form's prefill; null when signed out or the token is stale. */
export async function fetchMe(): Promise<{ name: string; email: string } | null> {
  if (!bearer()['Authorization']) return null;
  try {
    const me = await call<{ first_name?: string; last_name?: string; email?: string }>('/api/auth/me');
    if (!me.email) return null;
    return { name: [me.first_name, me.last_name].filter(Boolean).join(' '), email: me.email };
  } catch {
    return null;
  }
}

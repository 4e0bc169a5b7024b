/** Registrations for events: sign-up, waiting list, cancellation, and the admin's lists. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function eventRegistrationRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}

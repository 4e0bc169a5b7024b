/** Renders its screen only for a signed-in admin; the spinner while the session is checked or the page is left. */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { $adminGate, ensureAdminGate } from '../../../lib/stores/admin-gate.ts';
import type { User } from '../../../shared/types.ts';
import Spinner from './Spinner.tsx';

export default function AdminGate({ children }: { children: (user: User) => ReactNode }) {
  const gate = useStore($adminGate);
  useEffect(ensureAdminGate, []);
  return gate.status === 'ready' ? <>{children(gate.user)}</> : <Spinner />;
}

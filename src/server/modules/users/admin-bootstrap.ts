/** Creates the first admin while no admin exists (contract: ADMIN_EMAIL, ADMIN_PASSWORD or a generated one). */
import { randomBytes, randomUUID } from 'node:crypto';
import { passwordProblem } from '../../../shared/password-policy.ts';
import type { Db } from '../../db/connection.ts';
import { insertUser } from '../auth/accounts.repository.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { anyAdminExists } from './users.admin.repository.ts';

export interface BootstrapResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

export async function ensureFirstAdmin(db: Db, email: string, password: string | undefined): Promise<BootstrapResult> {
  if (await anyAdminExists(db)) return { created: false, email };
  // An empty ADMIN_PASSWORD counts as unset.
  // An empty ADMIN_PASSWORD counts as unset.
  const given = password === '' ? undefined : password;
  const chosen = given ?? randomBytes(18).toString('base64url');
  const generated = given === undefined ? chosen : undefined;
  const problem = passwordProblem(chosen, ['admin', email.split('@')[0] ?? '']);
  if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  const now = new Date().toISOString();
  await insertUser(db, {
    id: randomUUID(),
    first_name: 'Site',
    last_name: 'Admin',
    email,
    username: 'admin',
    username_key: 'admin',
    password_hash: await hashPassword(chosen),
    role: 'admin',
    email_verified: true,
    // A generated password was shown on a console: it must be replaced at first sign-in (security.md R8).
    must_change_password: generated !== undefined,
    created_at: now,
    updated_at: now,
  });
  return generated ? { created: true, email, generatedPassword: generated } : { created: true, email };
}

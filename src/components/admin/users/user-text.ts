/** How Manage Users names an account. */
import type { AdminUser } from '../../../shared/admin.ts';

/** First and last name, else the username (as the audit log names people). */
export const fullName = (user: Pick<AdminUser, 'first_name' | 'last_name' | 'username'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;

/** Pure rules of the Settings screen: what each state reads as, and when a form may be sent. */
import type { AccountProfile, AccountSession } from '../../shared/account.ts';
import { DELETE_CONFIRM_WORD, type ProfileInput } from '../../shared/schemas/account.ts';
import type { NewsletterStatus } from '../../shared/schemas/newsletter.ts';

/** The site's settings screens an admin reaches from Settings. */
export const SITE_SETTINGS_LINKS = [
  { href: '/admin/update-company', label: 'Company', hint: 'Name, logo, contact details and page titles' },
  { href: '/admin/theme-settings', label: 'Theme', hint: 'Colours, corners and buttons' },
  { href: '/admin/store', label: 'Store', hint: 'Currency, tax, shipping and payment' },
  { href: '/admin/edit-hero', label: 'Hero', hint: 'The home page hero and its search box' },
  { href: '/admin/team', label: 'Team', hint: 'The people on the About page' },
] as const;

/** The newsletter line of 'Your data'. */
export function newsletterText(status: NewsletterStatus | null): string {
  if (status === 'confirmed') return 'You are subscribed to the newsletter.';
  if (status === 'pending') return 'Your subscription waits for you to open the confirmation link we emailed.';
  if (status === 'unsubscribed') return 'You unsubscribed from the newsletter.';
  return 'You are not subscribed to the newsletter.';
}

/** The button that (re)starts the double opt-in, or null when the address is subscribed (every newsletter carries its unsubscribe link). */
export function newsletterAction(status: NewsletterStatus | null): string | null {
  if (status === 'confirmed') return null;
  return status === 'pending' ? 'Send the link again' : 'Subscribe';
}

/** How a session is named in the list. */
export const sessionTitle = (session: Pick<AccountSession, 'current' | 'device'>) =>
  session.current ? `${session.device} · This browser` : session.device;

/** The profile form's values, trimmed as the server stores them. */
export function profileValuesOf(account: Pick<AccountProfile, 'first_name' | 'last_name' | 'username'>): ProfileInput {
  return { first_name: account.first_name, last_name: account.last_name, username: account.username };
}

/** True when the form differs from what is saved (white space at the ends does not count). */
export function profileChanged(values: ProfileInput, saved: ProfileInput): boolean {
  return (Object.keys(saved) as (keyof ProfileInput)[]).some((key) => values[key].trim() !== saved[key]);
}

/** The delete dialog may send: the password typed, or for an account without one the exact word. */
export function deleteReady(hasPassword: boolean, value: string): boolean {
  return hasPassword ? value.length > 0 : value.trim() === DELETE_CONFIRM_WORD;
}

/** The body DELETE /api/account takes for this account. */
export function deleteBody(hasPassword: boolean, value: string): { password: string } | { confirm: string } {
  return hasPassword ? { password: value } : { confirm: value.trim() };
}

/** '6 digits' typed with spaces or a dash ('123 456') become the code the server takes. */
export const normaliseCode = (value: string) => value.replace(/[\s-]/g, '').slice(0, 6);

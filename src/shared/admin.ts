/** What the admin API answers and the admin islands read: one set of types for both sides. */
import type { User } from './types.ts';

/** GET /api/dashboard/stats, computed in the database. totalRevenue is in dollars (orders.total summed). */
import { can, type Permission } from './staff-roles.ts';

export interface DashboardStats {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
}

/** The part of the admin each figure belongs to: a staff role sees the figures of its parts (products: every one). */
const STAT_PARTS: Record<keyof DashboardStats, Permission> = {
  totalUsers: 'everything',
  totalProducts: 'dashboard',
  totalOrders: 'shop',
  totalRevenue: 'shop',
};

/** The figures `role` may see, in the dashboard's order. */
export function statKeysFor(role: string): (keyof DashboardStats)[] {
  return (Object.keys(STAT_PARTS) as (keyof DashboardStats)[]).filter((key) => can(role, STAT_PARTS[key]));
}

/** GET /api/dashboard/stats as `role` gets it: only its figures. */
export function statsFor(role: string, stats: DashboardStats): Partial<DashboardStats> {
  return Object.fromEntries(statKeysFor(role).map((key) => [key, stats[key]]));
}

/** What an admin write did, as the audit log records it. */
export type AuditAction =
  | 'company.update'
  | 'theme.update'
  // The company's or the theme's draft saved, restored or discarded.
  | 'company.draft'
  | 'theme.draft'
  | 'slider.create'
  | 'slider.update'
  | 'slider.delete'
  | 'slider.reorder'
  // A slide's draft saved, restored or discarded.
  | 'slider.draft'
  | 'photo.create'
  | 'site.rebuild'
  | 'user.update'
  // Staff invitations: sent, withdrawn, and accepted (the new account is the actor).
  | 'user.invite'
  | 'user.invite.withdraw'
  | 'user.invite.accept'
  // A staff member's passkey added to or removed from their own account.
  | 'passkey.add'
  | 'passkey.remove'
  // Every content type, products and orders; a publish change is an update, a draft saved or discarded a draft.
  | `${'photo' | 'video' | 'audio' | 'event' | 'blog' | 'document' | 'plan' | 'page' | 'product'}.${'create' | 'update' | 'delete' | 'draft'}`
  | 'order.status'
  // A publish or unpublish set for a later time, and one withdrawn before it.
  | 'schedule.create'
  | 'schedule.cancel'
  // The team on About (a reorder is an update).
  | 'team.create'
  | 'team.update'
  | 'team.delete'
  // The store's currency, tax, shipping and payment settings.
  | 'store.update'
  // The admin's answers to conversations, closing or reopening them, blocking or unblocking a sender.
  | 'conversation.reply'
  | 'conversation.update'
  | 'sender.block'
  | 'sender.unblock'
  // A backup archive downloaded; one restored into the site, that restore kept or undone; another admin's two-factor
  // sign-in reset by an admin.
  | 'backup.download'
  | 'backup.restore'
  | 'backup.restore-keep'
  | 'backup.restore-undo'
  // An API token made or revoked.
  | 'api-token.create'
  | 'api-token.revoke'
  // A webhook endpoint made, changed (or turned on or off), deleted, its signing secret rolled, a delivery resent.
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.delete'
  | 'webhook.secret'
  | 'webhook.resend'
  // An import from WordPress or Shopify started, finished, or its dry run discarded.
  | 'import.start'
  | 'import.finish'
  | 'import.discard'
  | 'user.two-factor-reset'
  // The header menu or the footer's Quick Links saved.
  | 'navigation.update'
  // The home page's Featured row: the admin's pins and their order saved.
  | 'featured.update'
  // How many versions of each item are kept.
  | 'revisions.update'
  // The media library: a file added, its details saved, its file replaced at the same address, deleted.
  | `media.${'create' | 'update' | 'replace' | 'delete'}`;

/** One account as GET/PATCH /api/admin/users answer it: never a password hash or sign-in detail. */
export interface AdminUser extends Omit<User, 'profile_image' | 'must_change_password'> {
  disabled: boolean;
  /** ISO time the account was made. */
  created_at: string;
  /** ISO time of the latest activity of a live session; null without one. */
  last_seen_at: string | null;
  /** Two-factor sign-in is on (another admin can reset it); never its secret or codes. */
  two_factor: boolean;
}

/** GET /api/admin/users: one page of accounts, newest first. */
export interface AdminUserPage {
  results: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** One entry of GET /api/admin/activity: who did what to which record, and when. */
export interface AuditEntry {
  id: string;
  /** ISO time of the write. */
  at: string;
  action: AuditAction;
  /** The record's kind ('company', 'slider', 'site') and id ('' when there is only one). */
  target: { type: string; id: string };
  /** A short human line, e.g. 'Slider "Summer sale" created'. */
  summary: string;
  actor: { id: string; name: string };
}

export type PublishState = 'up-to-date' | 'scheduled' | 'building' | 'failed';

/** GET /api/admin/site-status: is the public static site up to date with the data? */
export interface PublishStatus {
  state: PublishState;
  /** When this state began (ISO). */
  since: string;
  /** Why the last build failed (the error's message, never a stack); only with state 'failed'. */
  reason?: string;
  /** When the last successful build finished (ISO). */
  lastBuiltAt?: string;
  /**
   * With state 'scheduled' or 'building': when visitors are expected to see the latest change (ISO), from the
   * debounce and the last build's duration. Never in the past: an overdue build answers the moment of the request.
   */
  expectedLiveAt?: string;
}

/** GET /api/admin/notifications: what an admin must know (a failed site build today; orders and messages later). */
export interface AdminNotification {
  id: string;
  kind: 'rebuild-failed' | 'posts-in-review' | 'publish-held';
  text: string;
  at: string;
  /** Where to act on it (the posts waiting for review). */
  href?: string;
}

/** 'An item is held back by the publish checks.' / '3 items are held back by the publish checks.' */
export const heldBackText = (count: number) =>
  count === 1 ? 'An item is held back by the publish checks.' : `${count} items are held back by the publish checks.`;

/** 'A post waits for review' / '3 posts wait for review'. */
export const postsInReviewText = (count: number) =>
  count === 1 ? 'A post waits for review.' : `${count} posts wait for review.`;

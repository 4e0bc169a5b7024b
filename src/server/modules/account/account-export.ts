/**
 * GET /api/account/export: everything the site keeps about the signed-in person, as one JSON file:
 * the profile (never a password hash), their orders with lines, their conversations with every message, the
 * newsletter subscription of their address, what they viewed, their sessions (never a token or hash), their passkeys (never a key) and the state of
 * their two-factor sign-in (never its secret, a recovery code or a hash: on or off, since when, how many codes are left).
 */
import { listPasskeys } from '../passkeys/passkeys.service.ts';
import type { AccountExport, ExportedConversation, ExportedTwoFactor } from '../../../shared/account.ts';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { userFromRow } from '../auth/user-dto.ts';
import { countRecoveryCodes, findTwoFactor } from '../auth/two-factor.repository.ts';
import { bool } from '../content/content.mappers.ts';
import { findSubscriberByEmail } from '../newsletter/newsletter.repository.ts';
import { customerOrderFromRow } from '../orders/orders.customer.service.ts';
import {
  conversationRowsOf,
  findEmailChange,
  messageRowsOf,
  orderRowsOf,
  sessionRowsOf,
  viewRowsOf,
} from './account.repository.ts';
import { accountRow, sessionOf } from './account.service.ts';

/** On or off, since when, and how many recovery codes are left; an enrolment not yet confirmed is off. */
async function twoFactorOf(db: Db, userId: string): Promise<ExportedTwoFactor> {
  const row = await findTwoFactor(db, userId);
  if (!row || !bool(row.enabled)) return { enabled: false, enrolledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enrolledAt: row.enabled_at, recoveryCodesLeft: await countRecoveryCodes(db, userId) };
}

/** The person's data as the download holds it. */
export async function exportAccount(db: Db, user: AuthUser, now = new Date()): Promise<AccountExport> {
  const row = await accountRow(db, user);
  const [orders, conversations, messages, subscriber, views, sessions, change, twoFactor, passkeys] = await Promise.all(
    [
      orderRowsOf(db, row.id),
      conversationRowsOf(db, row.id),
      messageRowsOf(db, row.id),
      findSubscriberByEmail(db, row.email),
      viewRowsOf(db, row.id),
      sessionRowsOf(db, row.id),
      findEmailChange(db, row.id),
      twoFactorOf(db, row.id),
      listPasskeys(db, user),
    ],
  );
  const threads = new Map<string, ExportedConversation>(
    conversations.map((c) => [
      c.id,
      {
        _id: c.id,
        subject: c.subject,
        source: c.source,
        status: c.status,
        createdAt: c.created_at,
        lastMessageAt: c.last_message_at,
        messages: [],
      },
    ]),
  );
  for (const m of messages)
    threads.get(m.conversation_id)?.messages.push({ author: m.author, body: m.body, createdAt: m.created_at });
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...userFromRow(row),
      email_verified: bool(row.email_verified),
      signsInWithGoogle: row.oidc_subject !== null,
      hasPassword: row.password_hash !== null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    pendingEmailChange: change ? { newEmail: change.new_email, expiresAt: change.expires_at } : null,
    orders: await Promise.all(orders.map((o) => customerOrderFromRow(db, o))),
    conversations: [...threads.values()],
    newsletter: subscriber
      ? {
          email: subscriber.email,
          status: subscriber.status,
          createdAt: subscriber.created_at,
          confirmedAt: subscriber.confirmed_at,
          unsubscribedAt: subscriber.unsubscribed_at,
        }
      : null,
    viewedContent: views.map((v) => ({ contentType: v.content_type, refId: v.ref_id, viewedAt: v.viewed_at })),
    sessions: sessions.map((s) => ({ ...sessionOf(s, user), expiresAt: s.expires_at })),
    twoFactor,
    passkeys,
  };
}

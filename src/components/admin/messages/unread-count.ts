/**
 * The top bar's count of conversations with unread visitor messages, shared by the shell's Messages link and the
 * Messages screen (which refreshes it after reading a thread).
 */
import { atom } from 'nanostores';
import { fetchUnreadConversations } from '../../../lib/api/admin/messages.ts';

/** null until the first answer. */
export const $unreadConversations = atom<number | null>(null);

/** Asks the server again; a failure keeps the last count (the badge is a hint, the screen has the truth). */
export async function refreshUnreadConversations(): Promise<void> {
  try {
    $unreadConversations.set(await fetchUnreadConversations());
  } catch {
    // Offline or signed out: the next refresh tries again.
  }
}

/** The top bar link's accessible name: 'Messages', or 'Messages (3 unread)'. */
export const messagesLinkLabel = (unread: number | null): string =>
  unread ? `Messages (${unread} unread)` : 'Messages';

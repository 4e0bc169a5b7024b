/** The admin Messages list's query as a pure reducer (design.md 4.13), and how its rows are labelled. */
import type { MessagesListQuery } from '../../../lib/api/admin/messages.ts';
import type { AdminConversationSummary } from '../../../shared/messages.ts';
import { ADMIN_MESSAGES_PAGE_DEFAULT, STATUS_FILTERS, type StatusFilter } from '../../../shared/schemas/messages.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

/** Open threads first: what waits for an answer. */
export const INITIAL_MESSAGES_QUERY: MessagesListQuery = {
  page: 1,
  pageSize: ADMIN_MESSAGES_PAGE_DEFAULT,
  q: '',
  status: 'open',
};

export type MessagesQueryAction =
  { type: 'search'; q: string } | { type: 'status'; status: StatusFilter } | { type: 'reset' } | PageAction;

/** A new filter starts again at page 1. */
export function messagesQueryReducer(query: MessagesListQuery, action: MessagesQueryAction): MessagesListQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'status':
      return action.status === query.status ? query : { ...query, status: action.status, page: 1 };
    case 'reset':
      return { ...INITIAL_MESSAGES_QUERY, pageSize: query.pageSize };
    case 'page':
      return onPage(query, action.page);
  }
}

/** True when the list is narrowed beyond the default. */
export const isFiltered = (query: MessagesListQuery) =>
  Boolean(query.q) || query.status !== INITIAL_MESSAGES_QUERY.status;

/** A select's value parsed into the status union (never trust a form value); anything else is 'all'. */
export const parseStatusFilter = (value: string): StatusFilter =>
  (STATUS_FILTERS as readonly string[]).includes(value) ? (value as StatusFilter) : 'all';

/** Who the sender is, in a few words: 'Customer account' or 'Guest (contact form)'. */
export const senderKind = (c: Pick<AdminConversationSummary, 'userId'>) =>
  c.userId ? 'Customer account' : 'Guest (contact form)';

/** The row's screen-reader line about what waits: '2 unread messages', or ''. */
export const unreadLabel = (n: number) => (n <= 0 ? '' : n === 1 ? '1 unread message' : `${n} unread messages`);

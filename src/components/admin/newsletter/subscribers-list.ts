/** The subscribers list's query as a pure reducer (design.md 4.13): a new filter starts again at page 1. */
import type { SubscribersListQuery } from '../../../lib/api/admin/newsletter.ts';
import { SUBSCRIBERS_PAGE_DEFAULT } from '../../../shared/schemas/newsletter.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

export const INITIAL_SUBSCRIBERS_QUERY: SubscribersListQuery = {
  page: 1,
  pageSize: SUBSCRIBERS_PAGE_DEFAULT,
  q: '',
  status: '',
  source: '',
};

export type SubscribersQueryAction =
  | { type: 'search'; q: string }
  | { type: 'status'; status: SubscribersListQuery['status'] }
  | { type: 'source'; source: SubscribersListQuery['source'] }
  | PageAction;

export function subscribersQueryReducer(
  query: SubscribersListQuery,
  action: SubscribersQueryAction,
): SubscribersListQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'status':
      return { ...query, status: action.status, page: 1 };
    case 'source':
      return { ...query, source: action.source, page: 1 };
    case 'page':
      return onPage(query, action.page);
  }
}

/** Select values parsed into their unions (never trust a form value). */
export const parseStatus = (value: string): SubscribersListQuery['status'] =>
  value === 'pending' || value === 'confirmed' || value === 'unsubscribed' ? value : '';
export const parseSource = (value: string): SubscribersListQuery['source'] =>
  value === 'form' || value === 'import' ? value : '';

/** How an issue's sending stands, in words: 'Sending: 12 of 40 sent'. */
export function progressText(counts: {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  interrupted: number;
  skipped: number;
}): string {
  const parts = [`${counts.sent} of ${counts.total} sent`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped (unsubscribed)`);
  if (counts.interrupted > 0) parts.push(`${counts.interrupted} interrupted`);
  return parts.join(', ');
}

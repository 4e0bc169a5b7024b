/** What the 'For You' section shows for its list and load status (spec sections 2 and 8). */

export type LoadStatus = 'loading' | 'done' | 'failed';

export type ForYouView = 'cards' | 'loading' | 'failed' | 'empty';

export const FOR_YOU_FAILED = 'Failed to load recommendations';
export const FOR_YOU_EMPTY = 'No recommendations available';

/** Cards whenever there are any (a failed refresh keeps the build-time list); otherwise loading, the failure text or the empty text. */
export function forYouView(count: number, status: LoadStatus): ForYouView {
  if (count > 0) return 'cards';
  if (status === 'loading') return 'loading';
  return status === 'failed' ? 'failed' : 'empty';
}

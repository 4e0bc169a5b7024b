/** Reading an item's current counts and whether this visitor likes it, and liking or unliking it. */
import {
  COUNTS_MAX_IDS,
  LIKE_KEY_HEADER,
  LIKE_KEY_STORAGE,
  type ActivityType,
  type CountsAnswer,
  type ItemCounts,
  type LikeAnswer,
  type LikedType,
} from '../../shared/activity.ts';
import { readStorage, writeStorage } from '../browser/storage.ts';
import { api, ApiError } from './client.ts';

/** The guest's like key, as a header (none once signed in: the account likes). */
const likeKeyHeaders = (): Record<string, string> => {
  const key = readStorage(LIKE_KEY_STORAGE);
  return key ? { [LIKE_KEY_HEADER]: key } : {};
};

/** GET /api/activity/counts for any number of ids, asked in slices the API takes; published items only. */
export async function fetchCounts(type: ActivityType, ids: readonly string[]): Promise<Record<string, ItemCounts>> {
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += COUNTS_MAX_IDS) slices.push(ids.slice(i, i + COUNTS_MAX_IDS));
  const answers = await Promise.all(
    slices.map((slice) =>
      api<CountsAnswer>('/api/activity/counts', {
        query: { type, ids: slice.join(',') },
        headers: likeKeyHeaders(),
      }),
    ),
  );
  return Object.assign({}, ...answers.map((a) => a.results)) as Record<string, ItemCounts>;
}

/**
 * PUT (like) or DELETE (unlike) /api/likes/{type}/{id}. A guest's first like brings their key, kept for next time;
 * a key the server refuses (made elsewhere, or by an older secret) is forgotten and the like asked again without it.
 */
export async function setLiked(type: LikedType, id: string, liked: boolean): Promise<LikeAnswer> {
  const call = () =>
    api<LikeAnswer>(`/api/likes/${type}/${encodeURIComponent(id)}`, {
      method: liked ? 'PUT' : 'DELETE',
      headers: likeKeyHeaders(),
    });
  let answer: LikeAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && readStorage(LIKE_KEY_STORAGE))) throw error;
    writeStorage(LIKE_KEY_STORAGE, null);
    answer = await call();
  }
  if (answer.key) writeStorage(LIKE_KEY_STORAGE, answer.key);
  return answer;
}

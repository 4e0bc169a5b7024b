/**
 * The public site's publish state as the admin screens know it (GET /api/admin/site-status), shared by the top bar
 * and the dashboard's Public Site card so the two never disagree. While it has listeners it asks every 2 s while a
 * build is scheduled or running, again when the window gets the focus back, and at once after every write the API
 * client reports (an admin save schedules a rebuild on the server).
 */
import { map, onMount } from 'nanostores';
import { errorMessage } from '../api/auth.ts';
import { onApiWrite } from '../api/client.ts';
import { fetchSiteStatus, requestSiteRebuild } from '../api/admin/site.ts';
import { isPublishCall, isPublishing, publicPageFor, publishSentence } from '../admin/publish-view.ts';
import type { PublishStatus } from '../../shared/admin.ts';

/** How often the state is asked while a build is scheduled or running. */
export const PUBLISH_POLL_MS = 2000;

export interface PublishSnapshot {
  /** Null until the first answer. */
  status: PublishStatus | null;
  /** Why the last request failed ('' after a good one); the last known status stays. */
  error: string;
  /** The public page that shows the latest change ('/' when unsure): the 'View on site' link. */
  page: string;
  /** When the status arrived (this browser's clock): the countdown starts from it. */
  receivedAt: number;
  /** The sentence screen readers hear: set when the state changes, not at each poll, so it is said once. */
  announcement: string;
}

export const $publish = map<PublishSnapshot>({ status: null, error: '', page: '/', receivedAt: 0, announcement: '' });

function accept(status: PublishStatus) {
  const before = $publish.get();
  const receivedAt = Date.now();
  const news = before.status?.state !== status.state || before.status.since !== status.since;
  $publish.set({
    ...before,
    status,
    error: '',
    receivedAt,
    announcement: news ? publishSentence(status, receivedAt) : before.announcement,
  });
}

let timer: ReturnType<typeof setTimeout> | null = null;
let mounted = false;
/** Numbers the requests, so a slow answer never overwrites a newer one. */
let asked = 0;

function stopPolling() {
  if (timer) clearTimeout(timer);
  timer = null;
}

function keepPolling() {
  stopPolling();
  if (mounted && isPublishing($publish.get().status)) timer = setTimeout(() => void refreshPublish(), PUBLISH_POLL_MS);
}

/** Asks GET /api/admin/site-status now; polling continues while a build is pending. */
export async function refreshPublish(): Promise<void> {
  const mine = ++asked;
  try {
    const status = await fetchSiteStatus();
    if (mine !== asked) return;
    accept(status);
  } catch (error) {
    if (mine !== asked) return;
    $publish.setKey('error', errorMessage(error, 'Could not load the publish state.'));
  }
  keepPolling();
}

/** POST /api/admin/site-rebuild (Retry after a failed build); rejects with the server's reason. */
export async function retryPublish(): Promise<void> {
  const mine = ++asked;
  const status = await requestSiteRebuild();
  if (mine === asked) accept(status);
  keepPolling();
}

onMount($publish, () => {
  mounted = true;
  void refreshPublish();
  const offWrite = onApiWrite((path, answer) => {
    if (isPublishCall(path)) return;
    $publish.setKey('page', publicPageFor(path, answer));
    void refreshPublish();
  });
  const onFocus = () => {
    if (document.visibilityState === 'visible') void refreshPublish();
  };
  window.addEventListener('focus', onFocus);
  return () => {
    mounted = false;
    stopPolling();
    offWrite();
    window.removeEventListener('focus', onFocus);
  };
});

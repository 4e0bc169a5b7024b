/** The public site's publish state (is the static site up to date with the data?); one function per endpoint. */
import type { PublishStatus } from '../../../shared/admin.ts';
import { api } from '../client.ts';

/** GET /api/admin/site-status. */
export const fetchSiteStatus = () => api<PublishStatus>('/api/admin/site-status');

/** POST /api/admin/site-rebuild: asks for a build now (Retry after a failure); answers the new state. */
export const requestSiteRebuild = () => api<PublishStatus>('/api/admin/site-rebuild', { method: 'POST', body: {} });

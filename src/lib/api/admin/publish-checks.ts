/** What every rebuild checks in what it publishes (admin only), one function per endpoint. */
import type { PublishCheckReport } from '../../../shared/publish-checks.ts';
import { api } from '../client.ts';

const PUBLISH_CHECKS_PATH = '/api/admin/publish-checks';

/** GET /api/admin/publish-checks: the last run's report. */
export const fetchPublishChecks = () => api<PublishCheckReport>(PUBLISH_CHECKS_PATH);

/** POST /api/admin/publish-checks: runs the checks now with a rebuild of the site; answers 202 with a sentence. */
export const runPublishChecks = () => api<{ message: string }>(PUBLISH_CHECKS_PATH, { method: 'POST' });

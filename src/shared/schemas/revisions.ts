/** The revision calls' inputs: the company's limit (PUT /api/admin/revision-settings) and two versions to compare. */
import { REVISION_LIMIT_MAX, REVISION_LIMIT_MIN, type RevisionSettings } from '../revisions.ts';
import { checkBody, type FieldCheck } from './refusal.ts';
import { z } from './zod.ts';

const RevisionSettingsUpdate = z.object({
  limit: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(REVISION_LIMIT_MIN, `must be at least ${REVISION_LIMIT_MIN}`)
    .max(REVISION_LIMIT_MAX, `must be at most ${REVISION_LIMIT_MAX}`),
});

export const checkRevisionSettings = (body: unknown): FieldCheck<RevisionSettings> =>
  checkBody(RevisionSettingsUpdate, body);

/** A version's id as the history gives it. */
const revisionId = z.string({ error: 'must name a version' }).trim().min(1, 'must name a version').max(64);

const RevisionPair = z.object({ from: revisionId, to: revisionId });

/** GET …/revisions/compare?from=&to=. */
export const checkRevisionPair = (query: unknown): FieldCheck<{ from: string; to: string }> =>
  checkBody(RevisionPair, query);

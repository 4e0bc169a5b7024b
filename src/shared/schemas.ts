/** Input validation schemas shared by the server and the islands. */
import { z } from 'zod';
import { RECOMMENDATIONS_LIMIT } from './constants.ts';

export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(50)
    .default(RECOMMENDATIONS_LIMIT),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(10_000).default(0),
});

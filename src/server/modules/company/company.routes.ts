import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { HeaderRecord } from '../../http/complete-answer.ts';
import { storedJsonResponder } from '../../http/stored-json.ts';
import { companyAnswer, peekCompanyAnswer } from './company.cache.ts';

/**
 * GET /api/company, which every page view reads: the in-memory answer (company.cache.ts) with its headers built once
 * per answer. `fixed` are the headers every answer of the app carries (security-headers.ts).
 */
export function companyRoutes(fixed: HeaderRecord) {
  const respond = storedJsonResponder(fixed);
  return new Hono<AppEnv>().get('/', (c): Response | Promise<Response> => {
    const db = c.get('db');
    const ready = peekCompanyAnswer(db);
    return ready ? respond(c, ready) : companyAnswer(db).then((answer) => respond(c, answer));
  });
}

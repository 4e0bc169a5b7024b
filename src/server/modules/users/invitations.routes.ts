/**
 * The invited person's side of a staff invitation (no account yet): GET /api/invitations/:token (who is invited, to
 * what) and POST /api/invitations/accept. Each request counts against its address first, whatever it sends.
 */
import { Hono } from 'hono';
import {
  AcceptInvitationBody,
  INVITATION_GONE,
  INVITATION_TOKEN,
  INVITATIONS_TOO_MANY,
} from '../../../shared/schemas/staff-invitation.ts';
import { checkWithSentences } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { notFound } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { acceptInvitation, invitationFacts } from './invitations.service.ts';

/** Enough for a person who mistypes a password a few times; a guesser of tokens gets nowhere (2^256 of them). */
const INVITATION_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

export function invitationRoutes() {
  const limit = addressLimit('invitations.ip', INVITATION_LIMIT, INVITATIONS_TOO_MANY);
  return new Hono<AppEnv>()
    .get('/invitations/:token', limit, noStore, async (c) => {
      const token = c.req.param('token');
      if (!INVITATION_TOKEN.test(token)) throw notFound(INVITATION_GONE);
      return c.json(await invitationFacts(c.get('db'), token));
    })
    .post('/invitations/accept', limit, jsonBody(checkWithSentences(AcceptInvitationBody)), async (c) =>
      c.json(await acceptInvitation({ db: c.get('db'), ip: clientIp(c) }, c.req.valid('json')), 201),
    );
}

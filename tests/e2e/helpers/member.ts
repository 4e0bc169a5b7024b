import { expect, type APIRequestContext } from '@playwright/test';
import { codeFrom, mailFiles, waitForMail } from '../../helpers/outbox.ts';
import { e2eDataDir } from './e2e-db.ts';

/** A visitor's account as the register form takes it. */
export interface Member {
  first: string;
  last: string;
  email: string;
  username: string;
  password: string;
}

/** Registers `member` through the API and verifies it with the emailed code; answers the session token. */
export async function registerMember(api: APIRequestContext, member: Member): Promise<string> {
  const before = mailFiles(e2eDataDir());
  const res = await api.post('/api/auth/register', {
    data: {
      first_name: member.first,
      last_name: member.last,
      email: member.email,
      username: member.username,
      password: member.password,
      role: 'customer',
    },
  });
  expect(res.status()).toBeLessThan(300);
  expect((await api.post('/api/auth/request-otp', { data: { email: member.email } })).status()).toBeLessThan(300);
  const mail = await waitForMail(e2eDataDir(), { to: member.email, after: before });
  const verified = await api.post('/api/auth/verify-otp', { data: { email: member.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

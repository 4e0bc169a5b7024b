/** Register and password login (security.md R4-R7, R36, R58, R62). */
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../http/errors.ts';
import { getCompany } from '../company/company.service.ts';
import {
  accountWithEmail,
  accountWithUsernameKey,
  correctUnverifiedAccount,
  findUserByIdentifier,
  insertUser,
  isUnverifiedAccount,
  updateUser,
} from './accounts.repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { checkAll, consumeAll, reservePasswordCheck } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import type { RegisterBody } from './auth.schemas.ts';
import {
  identifierKey,
  normaliseEmail,
  normaliseUsername,
  parseIdentifier,
  usernameKey,
  usernameProblem,
} from './identifiers.ts';
import { contextWords, newPasswordProblem } from './password-check.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { afterFirstFactor } from './sign-in.service.ts';
import type { SignInAnswer } from '../../../shared/two-factor.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';

export const LOGIN_FAILED = 'Invalid username or password';

const EMAIL_TAKEN = 'An account with this email already exists';
const USERNAME_TAKEN = 'This username is already taken';
/** The 409 for a taken email or username, naming the field so the form marks it. */
const taken = (field: 'email' | 'username') => fieldError(409, field === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN, field);

/**
 * Creates a customer whose email is still to be verified; the client then asks for a code. `registered` is the account
 * this browser registered before (its REGISTRANT_COOKIE): while that account is unverified, a registration whose
 * username or email is that account's corrects it (a mistyped address, 'Use a different email') instead of being
 * refused as taken. Answers the account's id.
 */
export async function register(
  deps: AuthDeps,
  body: z.infer<typeof RegisterBody>,
  registered?: string,
): Promise<string> {
  const email = normaliseEmail(body.email);
  const username = normaliseUsername(body.username);
  const emailKey = `email:${email}`;
  // Every attempt counts per IP; per email only those that get as far as asking whether it is taken (enumeration).
  await checkAll([[deps.limits.registerAccount, emailKey]], deps);
  await consumeAll([[deps.limits.registerIp, deps.ip]], deps);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw refuseField('username', usernameIssue);
  const candidate = { first_name: body.first_name, last_name: body.last_name, username, email };
  const company = await getCompany(deps.db);
  const passwordIssue = newPasswordProblem(body.password, contextWords(candidate, company.name));
  if (passwordIssue) {
    logAuthEvent('validation.rejected', { ip: deps.ip, path: deps.path, reason: 'password policy' });
    throw refuseField('password', passwordIssue);
  }
  // Checked again and counted in one step after the await above, so a parallel burst cannot pass one check.
  await consumeAll([[deps.limits.registerAccount, emailKey]], deps);
  const key = usernameKey(username);
  const own = registered !== undefined && (await isUnverifiedAccount(deps.db, registered)) ? registered : undefined;
  const withEmail = await accountWithEmail(deps.db, email);
  if (withEmail !== undefined && withEmail !== own) throw taken('email');
  const withUsername = await accountWithUsernameKey(deps.db, key);
  if (withUsername !== undefined && withUsername !== own) throw taken('username');
  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  if (own !== undefined && (withEmail === own || withUsername === own)) {
    const details = { ...candidate, username_key: key, password_hash: passwordHash, updated_at: now };
    try {
      if (await correctUnverifiedAccount(deps.db, own, details)) {
        logAuthEvent('register.corrected', { ip: deps.ip, userId: own });
        return own;
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(isUniqueViolation(error, 'email') ? 'email' : 'username');
      throw error;
    }
    // Verified meanwhile: the account is no longer this browser's to correct.
    throw taken(withUsername === own ? 'username' : 'email');
  }
  const id = randomUUID();
  try {
    await insertUser(deps.db, {
      id,
      ...candidate,
      username_key: key,
      password_hash: passwordHash,
      // Never the client's `role` (R36).
      role: 'customer',
      email_verified: false,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // A concurrent registration won the race for the same email or username.
    if (isUniqueViolation(error)) throw taken(isUniqueViolation(error, 'email') ? 'email' : 'username');
    throw error;
  }
  logAuthEvent('register', { ip: deps.ip, userId: id });
  return id;
}

let dummy: Promise<string> | undefined;
/** A real hash to verify against when no account matches, so both cases cost the same (R62). */
const dummyHash = () => (dummy ??= hashPassword(randomBytes(24).toString('base64url')));

/** Signs in by username or email; one 401 message whatever failed. Answers { token }, or a challenge for the second factor. */
export async function login(deps: AuthDeps, identifierInput: string, password: string): Promise<SignInAnswer> {
  // A refused address costs no database lookup.
  await checkAll([[deps.limits.loginIp, deps.ip]], deps);
  const id = parseIdentifier(identifierInput);
  const user = await findUserByIdentifier(deps.db, id);
  const accountKey = user ? `user:${user.id}` : identifierKey(id);
  // Counted as a failure before the hash: attempts in flight together cannot all pass the check (R58).
  const attempt = await reservePasswordCheck(deps, accountKey);
  const result = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!user?.password_hash || !result.ok || user.disabled) {
    await attempt.failed();
    logAuthEvent('login.failure', user ? { ip: deps.ip, userId: user.id } : { ip: deps.ip, reason: 'unknown account' });
    throw new ApiError(401, LOGIN_FAILED);
  }
  await attempt.succeeded();
  if (!user.email_verified) {
    // Only someone who knows the password learns this; it closes the door on pre-registered accounts (section 1.6).
    logAuthEvent('login.unverified', { ip: deps.ip, userId: user.id });
    throw new ApiError(403, 'Please verify your email address first: use "Forgot Password?" to get a code');
  }
  if (result.needsRehash) await updateUser(deps.db, user.id, { password_hash: await hashPassword(password) });
  const answer = await afterFirstFactor(deps, user, 'password');
  logAuthEvent('login.success', {
    ip: deps.ip,
    userId: user.id,
    ...('challenge' in answer ? { reason: 'second factor next' } : {}),
  });
  return answer;
}

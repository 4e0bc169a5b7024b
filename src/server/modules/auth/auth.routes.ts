/** /api/auth: register, login, one-time codes, password reset, logout, me and Google sign-in. */
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import type { AuthProviders } from '../../../shared/schemas/auth-providers.ts';
import { omit } from '../../../shared/omit.ts';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { requireUser, signedInUser } from '../../middleware/auth.ts';
import { login, register } from './accounts.service.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authBody } from './auth-input.ts';
import { limitsForSetting } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  RequestOtpBody,
  ResetPasswordBody,
  VerifyOtpBody,
} from './auth.schemas.ts';
import { getCookie, deleteCookie, setCookie } from 'hono/cookie';
import { TwoFactorChallengeBody, TwoFactorSignInBody } from '../../../shared/schemas/two-factor.ts';
import { googleRoutes } from './google.routes.ts';
import { twoFactorSecretKey } from './two-factor-secret.ts';
import { completeTwoFactor, setupAtSignIn } from './two-factor.service.ts';
import {
  browserCookieOptions,
  browserHash,
  browserNonce,
  isKnownBrowser,
  knownBrowserProof,
  OTP_BROWSER_COOKIE,
  OTP_KNOWN_COOKIE,
  registeredAccount,
  REGISTRANT_COOKIE,
  registrantProof,
  sentNonce,
} from './otp-browser.ts';
import { OTP_REQUESTED, requestCode, verifyCode } from './otp.service.ts';
import { changePassword } from './password-change.service.ts';
import { PasskeySignInBody } from '../../../shared/schemas/passkeys.ts';
import { passkeySignInOptions, signInWithPasskey } from '../passkeys/passkeys.service.ts';
import { resetPassword } from './password-reset.service.ts';
import { BIND_COOKIE, endSession } from './sessions.service.ts';

/** One instance per app, over the app's long-lived dependencies (deps.ts: mailer, limits, OpenID client, keys). */
export function authRoutes(env: Env, { mailer, authLimits, oidc, keys }: Deps) {
  const limits = limitsForSetting(authLimits, env.RATE_LIMITS);
  const twoFactorKey = twoFactorSecretKey(keys.otp);
  const deps = (c: Context<AppEnv>): AuthDeps => ({
    db: c.get('db'),
    env,
    mailer,
    limits,
    codeKey: keys.otp,
    twoFactorKey,
    bindKey: keys.sessionBinding,
    ip: clientIp(c),
    path: c.req.path,
    userAgent: c.req.header('user-agent'),
  });

  const otpCookie = (cookie: { path: string; maxAgeSeconds: number }) => browserCookieOptions(cookie, env.SITE_URL);

  /** The JSON body checked against a schema; a refusal is logged (R64) and answered 400 naming the field. */
  const checked = <S extends z.ZodType>(schema: S) =>
    authBody(schema, (c, field) =>
      logAuthEvent('validation.rejected', { ip: clientIp(c), path: c.req.path, reason: field }),
    );

  return (
    new Hono<AppEnv>()
      // Nothing an auth endpoint answers may be cached (R26).
      .use(async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .post('/register', checked(RegisterBody), async (c) => {
        const registered = registeredAccount(keys.otp, getCookie(c, REGISTRANT_COOKIE.name));
        const id = await register(deps(c), c.req.valid('json'), registered);
        setCookie(c, REGISTRANT_COOKIE.name, registrantProof(keys.otp, id), otpCookie(REGISTRANT_COOKIE));
        return c.json({ message: 'Account created. Request a code to verify your email address' }, 201);
      })
      .post('/login', checked(LoginBody), async (c) => {
        const body = c.req.valid('json');
        // { token } as ever, or { twoFactor, challenge, expiresAt } when a second step follows.
        return c.json(await login(deps(c), body.username ?? body.email ?? '', body.password));
      })
      .post('/request-otp', checked(RequestOtpBody), async (c) => {
        // The code is bound to this browser's cookie (a new one unless it sent one), set before the work so that a
        // refused request leaves it too.
        const nonce = browserNonce(getCookie(c, OTP_BROWSER_COOKIE.name));
        setCookie(c, OTP_BROWSER_COOKIE.name, nonce, otpCookie(OTP_BROWSER_COOKIE));
        const known = getCookie(c, OTP_KNOWN_COOKIE.name);
        await requestCode(deps(c), c.req.valid('json').email, {
          hash: browserHash(keys.otp, nonce),
          knows: (userId) => isKnownBrowser(keys.otp, userId, nonce, known),
        });
        return c.json({ message: OTP_REQUESTED });
      })
      .post('/verify-otp', checked(VerifyOtpBody), async (c) => {
        const body = c.req.valid('json');
        const nonce = sentNonce(getCookie(c, OTP_BROWSER_COOKIE.name));
        const { answer, userId } = await verifyCode(
          deps(c),
          body.email,
          body.otp,
          nonce === undefined ? undefined : browserHash(keys.otp, nonce),
        );
        // This browser has shown it reads the account's mail: its next code requests skip the account's mail limit.
        if (nonce !== undefined)
          setCookie(c, OTP_KNOWN_COOKIE.name, knownBrowserProof(keys.otp, userId, nonce), otpCookie(OTP_KNOWN_COOKIE));
        return c.json(answer);
      })
      // A passkey: its challenge, then the browser's signed answer, which signs in on its own (passkeys.service.ts).
      .post('/passkey/options', async (c) => c.json(await passkeySignInOptions(deps(c))))
      .post('/passkey', checked(PasskeySignInBody), async (c) =>
        c.json(await signInWithPasskey(deps(c), c.req.valid('json'))),
      )
      // The second step of a sign-in: the challenge and a code from the authenticator app or a recovery code.
      .post('/two-factor', checked(TwoFactorSignInBody), async (c) => {
        const answer = await completeTwoFactor(deps(c), c.req.valid('json'), getCookie(c, BIND_COOKIE.name));
        deleteCookie(c, BIND_COOKIE.name, { path: BIND_COOKIE.path });
        return c.json(answer);
      })
      // ADMIN_2FA=required and no authenticator yet: the sign-in's challenge gets a new secret to add to an app.
      .post('/two-factor/setup', checked(TwoFactorChallengeBody), async (c) =>
        c.json(await setupAtSignIn(deps(c), c.req.valid('json').challenge, getCookie(c, BIND_COOKIE.name))),
      )
      .post('/reset-password', checked(ResetPasswordBody), async (c) => {
        const body = c.req.valid('json');
        await resetPassword(deps(c), body.token, body.newPassword);
        return c.json({ message: 'Password reset successful' });
      })
      .post('/logout', requireUser, async (c) => {
        const user = signedInUser(c);
        await endSession(c.get('db'), user.sessionId);
        logAuthEvent('logout', { ip: clientIp(c), userId: user.id });
        return c.json({ message: 'Signed out' });
      })
      .get('/me', requireUser, (c) => {
        const { mustChangePassword, ...user } = omit(signedInUser(c), 'id', 'sessionId');
        return c.json({ ...user, must_change_password: mustChangePassword });
      })
      .post('/change-password', requireUser, checked(ChangePasswordBody), async (c) => {
        const body = c.req.valid('json');
        await changePassword(deps(c), signedInUser(c), body.currentPassword, body.newPassword);
        return c.json({ message: 'Password changed' });
      })
      // Which sign-in methods the site offers: the build reads it to show the Google buttons only when they can work.
      .get('/providers', (c) => c.json({ google: oidc.configured } satisfies AuthProviders))
      .route('/google', googleRoutes(env, oidc, { flowSecret: keys.oidcFlow, bindKey: keys.sessionBinding }, deps))
  );
}

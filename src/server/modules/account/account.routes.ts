/**
 * The signed-in person's own account (/settings): profile, profile picture, email change by code, sessions,
 * export and deletion. Every route is behind requireUser and acts on the session's user only; nothing takes a user id.
 */
import { type Context, Hono } from 'hono';
import { ACCOUNT_TEXTS, exportFileName } from '../../../shared/account.ts';
import { DeleteAccountBody, EmailChangeBody, EmailConfirmBody, ProfileBody } from '../../../shared/schemas/account.ts';
import { PASSKEY_ADDED, PASSKEY_REMOVED, PASSKEY_RENAMED } from '../../../shared/passkeys.ts';
import { PasskeyAddBody, PasskeyAddOptionsBody, PasskeyRenameBody } from '../../../shared/schemas/passkeys.ts';
import {
  addPasskey,
  listPasskeys,
  passkeyAddOptions,
  removePasskey,
  renamePasskey,
} from '../passkeys/passkeys.service.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { noStore } from '../../http/no-store.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/media-type.ts';
import { requireUser, signedInUser } from '../../middleware/auth.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { authBody } from '../auth/auth-input.ts';
import { limitsForSetting } from '../auth/auth-limits.ts';
import { consumeAccountLimit, createAccountLimits } from './account-limits.ts';
import { exportAccount } from './account-export.ts';
import {
  type AccountDeps,
  deleteAccount,
  getAccount,
  listSessions,
  removeProfileImage,
  setProfileImage,
  signOutOthers,
  updateProfile,
} from './account.service.ts';
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from './email-change.service.ts';
import { TwoFactorConfirmBody, TwoFactorProofBody } from '../../../shared/schemas/two-factor.ts';
import { TWO_FACTOR_TEXTS } from '../../../shared/two-factor.ts';
import { twoFactorSecretKey } from '../auth/two-factor-secret.ts';
import {
  confirmSetup,
  disableTwoFactor,
  renewRecoveryCodes,
  startSetup,
  twoFactorStatus,
} from '../auth/two-factor.service.ts';
import { signOutSession } from './account.service.ts';

export function accountRoutes(deps: Deps) {
  const accountLimits = createAccountLimits();
  const twoFactorKey = twoFactorSecretKey(deps.keys.otp);
  const accountDeps = (c: Context<AppEnv>): AccountDeps => {
    const env = c.get('env');
    // The login limits themselves: a password re-entered here counts with the account's sign-in attempts.
    return {
      db: c.get('db'),
      env,
      mailer: deps.mailer,
      limits: limitsForSetting(deps.authLimits, env.RATE_LIMITS),
      codeKey: deps.keys.otp,
      twoFactorKey,
      bindKey: deps.keys.sessionBinding,
      ip: clientIp(c),
      path: c.req.path,
      userAgent: c.req.header('user-agent'),
      accountLimits,
    };
  };
  // requireUser ran first on every route below.
  const me = (c: Context<AppEnv>) => signedInUser(c);

  return (
    new Hono<AppEnv>()
      .use('/account', requireUser, noStore)
      .use('/account/*', requireUser, noStore)
      .get('/account', async (c) => c.json(await getAccount(c.get('db'), me(c))))
      .delete('/account', authBody(DeleteAccountBody), async (c) => {
        await deleteAccount(accountDeps(c), me(c), c.req.valid('json'));
        return c.json({ message: ACCOUNT_TEXTS.deleted });
      })
      // Passkeys of the signed-in account (passkeys.service.ts).
      .get('/account/passkeys', async (c) => c.json({ passkeys: await listPasskeys(c.get('db'), me(c)) }))
      .post('/account/passkeys/options', authBody(PasskeyAddOptionsBody), async (c) =>
        c.json(await passkeyAddOptions(accountDeps(c), me(c), c.req.valid('json').password)),
      )
      .post('/account/passkeys', authBody(PasskeyAddBody), async (c) => {
        const passkey = await addPasskey(accountDeps(c), me(c), c.req.valid('json'));
        return c.json({ message: PASSKEY_ADDED, passkey }, 201);
      })
      .patch('/account/passkeys/:id', authBody(PasskeyRenameBody), async (c) => {
        const passkey = await renamePasskey(c.get('db'), me(c), c.req.param('id'), c.req.valid('json').name);
        return c.json({ message: PASSKEY_RENAMED, passkey });
      })
      .delete('/account/passkeys/:id', async (c) => {
        await removePasskey(accountDeps(c), me(c), c.req.param('id'));
        return c.json({ message: PASSKEY_REMOVED });
      })
      .patch('/account/profile', authBody(ProfileBody), async (c) =>
        c.json(await updateProfile(accountDeps(c), me(c), c.req.valid('json'))),
      )
      .post('/account/profile-image', uploadBodyLimit(1), async (c) => {
        const upload =
          mediaType(c.req.header('content-type')) === 'multipart/form-data'
            ? (await readUploadForm(c, ['image'])).files['image']
            : undefined;
        return c.json({
          message: ACCOUNT_TEXTS.imageSaved,
          profile_image: await setProfileImage(accountDeps(c), me(c), upload),
        });
      })
      .delete('/account/profile-image', async (c) => {
        await removeProfileImage(accountDeps(c), me(c));
        return c.json({ message: ACCOUNT_TEXTS.imageRemoved, profile_image: '' });
      })
      .post('/account/email', authBody(EmailChangeBody), async (c) =>
        c.json(await requestEmailChange(accountDeps(c), me(c), c.req.valid('json')), 202),
      )
      .post('/account/email/confirm', authBody(EmailConfirmBody), async (c) => {
        const { code } = c.req.valid('json');
        return c.json(await confirmEmailChange(accountDeps(c), me(c), code));
      })
      .delete('/account/email', async (c) => {
        await cancelEmailChange(accountDeps(c), me(c));
        return c.json({ message: ACCOUNT_TEXTS.emailChangeCancelled });
      })
      .get('/account/sessions', async (c) => c.json(await listSessions(c.get('db'), me(c))))
      .post('/account/sessions/sign-out-others', async (c) =>
        c.json({ signedOut: await signOutOthers(accountDeps(c), me(c)) }),
      )
      // Any one session of the account, this one included; another account's session is a 404 like an unknown one.
      .post('/account/sessions/:id/sign-out', async (c) =>
        c.json({ signedOut: await signOutSession(accountDeps(c), me(c), c.req.param('id')) }),
      )
      // Two-factor sign-in: its state, setting up an authenticator app, turning it off, new recovery codes.
      .get('/account/two-factor', async (c) => c.json(await twoFactorStatus(accountDeps(c), me(c))))
      .post('/account/two-factor/setup', async (c) => c.json(await startSetup(accountDeps(c), me(c))))
      .post('/account/two-factor/confirm', authBody(TwoFactorConfirmBody), async (c) =>
        c.json(await confirmSetup(accountDeps(c), me(c), c.req.valid('json').code)),
      )
      .delete('/account/two-factor', authBody(TwoFactorProofBody), async (c) => {
        await disableTwoFactor(accountDeps(c), me(c), c.req.valid('json'));
        return c.json({ message: TWO_FACTOR_TEXTS.disabled });
      })
      .post('/account/two-factor/recovery-codes', authBody(TwoFactorProofBody), async (c) =>
        c.json(await renewRecoveryCodes(accountDeps(c), me(c), c.req.valid('json'))),
      )
      .get('/account/export', async (c) => {
        const d = accountDeps(c);
        await consumeAccountLimit(d, d.accountLimits.export, me(c).id);
        const now = new Date();
        const data = await exportAccount(d.db, me(c), now);
        c.header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
        c.header('Content-Type', 'application/json; charset=utf-8');
        return c.body(`${JSON.stringify(data, null, 2)}\n`);
      })
  );
}

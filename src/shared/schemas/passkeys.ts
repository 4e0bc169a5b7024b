/**
 * The passkey calls' bodies (shared by the server and the account and sign-in screens). A ceremony's answer is the
 * browser's credential as JSON: only its outline is checked here (bounded strings, the right type), its content by
 * the WebAuthn library, which refuses anything it cannot verify.
 */
import { PASSKEY_NAME_MAX } from '../passkeys.ts';
import { accountPassword, accountText } from './account.ts';
import { z } from './zod.ts';

/** A base64url text, bounded: a credential's id, its client data, its authenticator data or signature. */
const encoded = (max: number) =>
  z
    .string({ error: 'must be base64url text' })
    .max(max, 'is too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url text');

const handle = z.string({ error: 'The passkey request is missing' }).min(1).max(200);

const credentialId = encoded(1400);

const RegistrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: encoded(4096),
    attestationObject: encoded(32_768),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

const AuthenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: encoded(4096),
    authenticatorData: encoded(4096),
    // Post-quantum signatures (ML-DSA) run to a few kilobytes.
    signature: encoded(8192),
    userHandle: encoded(512).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyName = accountText('Name', PASSKEY_NAME_MAX);

/** POST /api/account/passkeys/options: the password again when the account has one. */
export const PasskeyAddOptionsBody = z.object({ password: accountPassword('Password').optional() });
/** POST /api/account/passkeys: the browser's new credential, and a name for it. */
export const PasskeyAddBody = z.object({ handle, response: RegistrationResponse, name: passkeyName });
/** PATCH /api/account/passkeys/:id. */
export const PasskeyRenameBody = z.object({ name: passkeyName });
/** POST /api/auth/passkey: the browser's signed challenge. */
export const PasskeySignInBody = z.object({ handle, response: AuthenticationResponse });

/**
 * Passkeys (WebAuthn): the texts, limits and answers the server and the account and sign-in screens share. A passkey
 * signs in on its own: it is something the person holds, unlocked by their fingerprint, face or PIN (user
 * verification is required), so for staff it stands for both factors.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
};

/** How many passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT = 20;
export const PASSKEY_NAME_MAX = 60;
/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_SECONDS = 300;

export const PASSKEY_ADDED = 'Passkey added. You can now sign in with it.';
export const PASSKEY_RENAMED = 'Passkey renamed.';
export const PASSKEY_REMOVED = 'Passkey removed. It can no longer sign in to this account.';
export const PASSKEY_FAILED = 'That passkey could not be used. Try again, or sign in another way.';
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const PASSKEY_EXPIRED = 'That took too long. Please try again.';
export const PASSKEY_TOO_MANY = `An account can hold ${PASSKEYS_PER_ACCOUNT} passkeys. Remove one before adding another.`;
export const PASSKEY_NOT_FOUND = 'This passkey no longer exists.';

/** A passkey as its account lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by its provider (a phone's or a password manager's), so it survives a lost device. */
  backedUp: boolean;
}

/** A ceremony to answer: `handle` names the challenge when the answer is sent back. */
export interface PasskeyAddOptions {
  handle: string;
  options: PublicKeyCredentialCreationOptionsJSON;
}
export interface PasskeySignInOptions {
  handle: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

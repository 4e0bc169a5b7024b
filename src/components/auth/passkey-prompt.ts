/**
 * The browser's passkey prompts (WebAuthn, through @simplewebauthn/browser), for the sign-in form and Settings. The
 * library is imported only when a prompt is about to open or a screen asks what the browser supports, never with the
 * page: the login page's first load has a strict script budget.
 */
import { passkeySignInOptions } from '../../lib/api/passkeys.ts';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON } from '../../shared/passkeys.ts';

const library = () => import('@simplewebauthn/browser');

/** Said where passkeys would be offered, in a browser without WebAuthn. */
export const PASSKEYS_UNAVAILABLE = 'Passkeys are not available in this browser.';

/** True when this browser can create and use passkeys at all. */
export const passkeysSupported = async () => (await library()).browserSupportsWebAuthn();

/** True when it can also offer passkeys in a sign-in field's autofill list (conditional UI). */
export const passkeyAutofillSupported = async () => (await library()).browserSupportsWebAuthnAutofill();

/** Asks the browser (or the person's phone or password manager) to create a passkey with the server's options. */
export async function promptNewPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON });
}

/** A passkey chosen for a sign-in: the challenge it answers (`handle`) and the browser's signed answer. */
export interface ChosenPasskey {
  handle: string;
  response: AuthenticationResponseJSON;
}

/**
 * A sign-in's challenge from the server, then the browser's prompt for it: at once (`autofill` false), or offered in
 * the autofill list of the field whose autocomplete ends in "webauthn", waiting until a passkey is picked there.
 * Rejects when the prompt is closed or `signal` aborts it (isPromptClosed).
 */
export async function choosePasskey({
  autofill = false,
  signal,
}: { autofill?: boolean; signal?: AbortSignal } = {}): Promise<ChosenPasskey> {
  const { startAuthentication, WebAuthnAbortService } = await library();
  const { handle, options } = await passkeySignInOptions();
  signal?.throwIfAborted();
  // The library keeps one prompt open at a time, and its cancel closes that one.
  const abort = () => WebAuthnAbortService.cancelCeremony();
  signal?.addEventListener('abort', abort, { once: true });
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  return { handle, response };
}

const nameOf = (error: unknown) => (error as { name?: unknown } | null)?.name;

/**
 * True when a prompt ended without a passkey because the person closed it (or let it time out: browsers answer both
 * with NotAllowedError and do not say which), or because this page aborted it: nothing went wrong.
 */
export const isPromptClosed = (error: unknown) => nameOf(error) === 'NotAllowedError' || nameOf(error) === 'AbortError';

/** True when the authenticator already holds a passkey of this account (the server's options list them to exclude). */
export const isAlreadyRegistered = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';

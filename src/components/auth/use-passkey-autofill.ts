/**
 * Passkeys in the sign-in form's autofill (WebAuthn conditional UI): while `active`, the browser offers this site's
 * passkeys in the list under the field whose autocomplete ends in "webauthn", and one picked there goes to `onChosen`.
 * Made inactive (a sign-in starts, another step shows) or unmounted, the waiting prompt is aborted; active again, a
 * new one waits. A browser without autofill for passkeys, or a challenge that does not come, leaves the form as it is.
 */
import { useEffect, useEffectEvent } from 'react';
import { PASSKEY_CHALLENGE_SECONDS } from '../../shared/passkeys.ts';
import { choosePasskey, passkeyAutofillSupported, type ChosenPasskey } from './passkey-prompt.ts';

/** A waiting prompt takes a fresh challenge this long after its own, before the server would refuse the old one. */
const FRESH_MS = (PASSKEY_CHALLENGE_SECONDS - 30) * 1000;

export function usePasskeyAutofill(active: boolean, onChosen: (chosen: ChosenPasskey) => void): void {
  const chosen = useEffectEvent(onChosen);
  useEffect(() => {
    if (!active) return;
    let left = false;
    let round = new AbortController();

    async function offer(): Promise<void> {
      round = new AbortController();
      const mine = round;
      const timer = setTimeout(() => mine.abort(), FRESH_MS);
      let picked: ChosenPasskey;
      try {
        picked = await choosePasskey({ autofill: true, signal: mine.signal });
      } catch {
        // Aborted by the timer: the next challenge. Anything else (closed, not possible here) ends the offer.
        if (mine.signal.aborted && !left) void offer();
        return;
      } finally {
        clearTimeout(timer);
      }
      chosen(picked);
    }

    // The login island hydrates after the page has loaded (client:afterload), so the library and the challenge this
    // fetches never compete with the page's own loading.
    passkeyAutofillSupported()
      .then((supported) => {
        if (supported && !left) void offer();
      })
      .catch(() => undefined);
    return () => {
      left = true;
      round.abort();
    };
  }, [active]);
}

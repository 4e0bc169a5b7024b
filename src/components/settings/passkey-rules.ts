/** Pure rules and screen-only texts of Settings › Passkeys. */
import { formatDate } from '../../lib/format/dates.ts';
import type { PasskeySummary } from '../../shared/passkeys.ts';
import { passkeyName } from '../../shared/schemas/passkeys.ts';

export const PASSKEY_UI = {
  title: 'Passkeys',
  description:
    'A passkey signs you in with your fingerprint, face or screen lock instead of a password, and cannot be guessed or phished.',
  empty: 'You have no passkeys yet.',
  addCancelled: 'Adding the passkey was cancelled. Nothing was changed.',
  alreadyRegistered: 'This device or password manager already holds a passkey for your account.',
  loadFailed: 'Your passkeys could not be loaded.',
  renameFailed: 'The passkey could not be renamed. Please try again.',
  removeFailed: 'The passkey could not be removed. Please try again.',
} as const;

/** 'Added Nov 22, 2026'. */
export const addedText = (passkey: Pick<PasskeySummary, 'createdAt'>) => `Added ${formatDate(passkey.createdAt)}`;

/** 'Last used Nov 22, 2026' or 'Never used'. */
export const usedText = (passkey: Pick<PasskeySummary, 'lastUsedAt'>) =>
  passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used';

/**
 * A new passkey's suggested name: the system it is made on when the browser tells ('Passkey on macOS', Chromium
 * browsers do), else 'Passkey'. The person can change it before and after.
 */
export function suggestedPasskeyName(platform: string | undefined): string {
  const system = platform?.trim();
  return system ? `Passkey on ${system}` : 'Passkey';
}

/** The system this browser runs on, when it says so without the User-Agent string. */
export function browserPlatform(): string | undefined {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: unknown } }).userAgentData?.platform;
  return typeof platform === 'string' ? platform : undefined;
}

/** The name as the server would keep it (the shared rule: trimmed, required, bounded), or the sentence refusing it. */
export function checkPasskeyName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const parsed = passkeyName.safeParse(name);
  return parsed.success
    ? { ok: true, name: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Name is required' };
}

/** The new authenticator to add: the QR code to scan and the same key as text to type, in three steps. */
import type { TwoFactorSetup } from '../../shared/two-factor.ts';
import QrCode from './QrCode.tsx';

export default function AuthenticatorSetup({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <QrCode
        value={setup.uri}
        label="QR code to scan with your authenticator app"
        className="h-44 w-44 shrink-0 self-center rounded-lg border border-gray-200 sm:self-start dark:border-white/10"
      />
      <ol className="m-0 min-w-0 list-decimal space-y-2 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password
          or Aegis).
        </li>
        <li>
          Scan the QR code, or enter this key by hand:
          <code
            className="mt-1 block break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm tracking-wider dark:bg-white/10"
            data-totp-secret
          >
            {setup.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
    </div>
  );
}

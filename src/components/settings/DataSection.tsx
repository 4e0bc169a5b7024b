/** Settings › Your data: the newsletter subscription of the account's address, and the download of everything kept about the person. */
import { useState } from 'react';
import { fetchAccountExport, subscribeNewsletter } from '../../lib/api/account.ts';
import { errorMessage } from '../../lib/api/auth.ts';
import { saveFile } from '../../lib/browser/save-file.ts';
import { exportFileName, type AccountProfile } from '../../shared/account.ts';
import { Alert } from '../auth/fields.tsx';
import { newsletterAction, newsletterText } from './settings-rules.ts';
import SettingsSection, { OUTLINE_BUTTON } from './SettingsSection.tsx';

type Message = { tone: 'error' | 'success'; text: string } | null;

export default function DataSection({ account }: { account: AccountProfile }) {
  const [busy, setBusy] = useState<'newsletter' | 'export' | null>(null);
  const [newsletterMessage, setNewsletterMessage] = useState<Message>(null);
  const [exportMessage, setExportMessage] = useState<Message>(null);
  const action = newsletterAction(account.newsletter);

  async function subscribe() {
    setBusy('newsletter');
    setNewsletterMessage(null);
    try {
      setNewsletterMessage({ tone: 'success', text: (await subscribeNewsletter(account.email)).message });
    } catch (e) {
      setNewsletterMessage({
        tone: 'error',
        text: errorMessage(e, 'The subscription could not be started. Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    setBusy('export');
    setExportMessage(null);
    try {
      saveFile(await fetchAccountExport(), exportFileName(new Date()));
      setExportMessage({ tone: 'success', text: 'Your data was downloaded as a JSON file.' });
    } catch (e) {
      setExportMessage({
        tone: 'error',
        text: errorMessage(e, 'Your data could not be downloaded. Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="Your newsletter subscription and a copy of what we keep about you."
    >
      <div className="space-y-6">
        <div>
          <h3 className="m-0 text-base font-semibold">Newsletter</h3>
          <p className="m-0 mt-1 text-sm" data-newsletter>
            {newsletterText(account.newsletter)}
          </p>
          {action ? (
            <button
              type="button"
              className={`${OUTLINE_BUTTON} mt-3`}
              disabled={busy !== null}
              onClick={() => void subscribe()}
            >
              {busy === 'newsletter' ? 'Sending...' : action}
            </button>
          ) : (
            <p className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
              Every newsletter has a link to unsubscribe.
            </p>
          )}
          {newsletterMessage && (
            <div className="mt-3">
              <Alert tone={newsletterMessage.tone}>{newsletterMessage.text}</Alert>
            </div>
          )}
        </div>
        <div className="border-t border-gray-200 pt-6 dark:border-white/10">
          <h3 className="m-0 text-base font-semibold">Download my data</h3>
          <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
            Your profile, orders, messages, newsletter subscription, viewing history and sessions, as one JSON file.
          </p>
          <button
            type="button"
            className={`${OUTLINE_BUTTON} mt-3`}
            disabled={busy !== null}
            onClick={() => void download()}
          >
            {busy === 'export' ? 'Preparing...' : 'Download my data'}
          </button>
          {exportMessage && (
            <div className="mt-3">
              <Alert tone={exportMessage.tone}>{exportMessage.text}</Alert>
            </div>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}

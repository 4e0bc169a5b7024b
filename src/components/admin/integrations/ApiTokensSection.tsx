/**
 * Integrations › API tokens: what a token is and how it is sent, the "New token" form (the token made is shown once,
 * in its place, until Done), and every token made, revoked ones too, each active one with Revoke (asked first).
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchApiTokens, openApiUrl, revokeApiToken } from '../../../lib/api/admin/api-tokens.ts';
import type { ApiTokenCreated as Created, ApiTokenItem } from '../../../shared/schemas/api-tokens.ts';
import { Card } from '../company/fields.tsx';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import ApiTokenCreated from './ApiTokenCreated.tsx';
import ApiTokenForm from './ApiTokenForm.tsx';
import ApiTokenList from './ApiTokenList.tsx';
import InlineCode from './InlineCode.tsx';

const SUBHEADING = 'm-0 text-base font-semibold outline-none';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

/** The token is gone already (revoked from another browser, or never there): the list is read again. */
const isGone = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

function ApiTokensPanel() {
  const { remote, reload, set } = useRemote(fetchApiTokens, 'Could not load the API tokens.');
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const newHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [revoked, setRevoked] = useState(0);
  const tokens = remote.state === 'ready' ? remote.data.tokens : null;

  function onCreated(answer: Created) {
    setCreated(answer);
    setNotice(null);
    if (tokens) set({ tokens: [answer.item, ...tokens.filter((t) => t.id !== answer.item.id)] });
    else void reload(true);
  }

  async function revoke(token: ApiTokenItem) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await revokeApiToken(token.id);
      // Shown revoked at once; the server's own time follows with the list.
      if (tokens) {
        const at = new Date().toISOString();
        set({ tokens: tokens.map((t) => (t.id === token.id ? { ...t, revokedAt: t.revokedAt ?? at } : t)) });
      }
      setNotice({ tone: 'ok', text: answer.message });
      setRevoked((n) => n + 1);
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The token could not be revoked. Please try again.') });
      if (isGone(error)) void reload(true);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  // Its Revoke button is gone: the focus goes to the list the notice is about. An effect, so it runs once the dialog
  // (a child, its effects first) has closed and no longer keeps the focus inside.
  useEffect(() => {
    if (revoked) listHeading.current?.focus();
  }, [revoked]);

  return (
    <Card
      title="API tokens"
      description="Tokens let other systems read and change the site through the API, within the scopes you give them."
    >
      <div className="grid min-w-0 gap-6">
        <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
          Each call sends the token in a header: <InlineCode>Authorization: Bearer &lt;token&gt;</InlineCode>. Every
          path, its scope and its answers are in the{' '}
          <a
            href={openApiUrl()}
            target="_blank"
            rel="noopener"
            className="font-medium text-[var(--color-primary-ink)] underline underline-offset-2"
          >
            API description (openapi.json)
          </a>
          .
        </p>
        <div className="grid min-w-0 gap-3">
          <h3 ref={newHeading} tabIndex={-1} className={SUBHEADING}>
            New token
          </h3>
          {created ? (
            <ApiTokenCreated
              created={created}
              onDone={() => {
                setCreated(null);
                newHeading.current?.focus();
              }}
            />
          ) : (
            <ApiTokenForm onCreated={onCreated} />
          )}
        </div>
        <div className="grid min-w-0 gap-3">
          <h3 ref={listHeading} tabIndex={-1} className={SUBHEADING}>
            Tokens made
          </h3>
          {remote.state === 'loading' && <PanelLoading label="Loading the API tokens" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {tokens && <ApiTokenList tokens={tokens} busy={busy} onRevoke={setRevoking} />}
          {/* Always there, so a screen reader hears each new line. */}
          <p
            role="status"
            className={`m-0 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-300'}`}
          >
            {notice?.text}
          </p>
        </div>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        busyLabel="Revoking…"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
      >
        The token stops working at once: whatever uses it is refused from its next call. This cannot be undone; make a
        new token if it is needed again.
      </ConfirmDialog>
    </Card>
  );
}

/** The API tokens island: shown to a signed-in admin only. */
export default function ApiTokensSection() {
  return <AdminGate>{() => <ApiTokensPanel />}</AdminGate>;
}

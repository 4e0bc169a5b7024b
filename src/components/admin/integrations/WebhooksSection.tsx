/**
 * Integrations › Webhooks: the endpoints the site POSTs signed events to (content, orders, subscribers),
 * each with its events, on or off and its last delivery; adding and editing one, its signing secret shown once (when
 * made or rolled), a test event sent at once, deleting after asking, and per endpoint the delivery log with Resend.
 * The page that shows it is the admin's (AdminGate); the server allows these calls to admins only.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  deleteWebhook,
  fetchWebhooks,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from '../../../lib/api/admin/webhooks.ts';
import type { WebhookEndpointItem } from '../../../shared/schemas/webhooks.ts';
import { Card } from '../company/fields.tsx';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import InlineCode from './InlineCode.tsx';
import WebhookDeliveryLog from './WebhookDeliveryLog.tsx';
import WebhookEndpointRow, { type EndpointActions } from './WebhookEndpointRow.tsx';
import WebhookFormDialog, { type WebhookSaved } from './WebhookFormDialog.tsx';
import WebhookSecretNotice from './WebhookSecretNotice.tsx';

const NOTE = 'm-0 text-sm text-gray-600 dark:text-gray-400';

type Asking = { kind: 'delete' | 'roll'; endpoint: WebhookEndpointItem } | null;
/** The form: closed, or open on a new endpoint (null) or on one to edit; `round` remounts it fresh each opening. */
type Editing = { endpoint: WebhookEndpointItem | null; round: number } | null;

function Webhooks() {
  const load = useCallback(() => fetchWebhooks(), []);
  const { remote, reload } = useRemote(load, 'The webhook endpoints could not be loaded.');
  const [notice, setNotice] = useState<Notice>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string; endpointId: string } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [rounds, setRounds] = useState(0);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [logOf, setLogOf] = useState<string | null>(null);
  // Bumped after a test or a resend, so an open log reads its deliveries again.
  const [logRound, setLogRound] = useState(0);

  const openForm = (endpoint: WebhookEndpointItem | null) => {
    setRounds((n) => n + 1);
    setEditing({ endpoint, round: rounds + 1 });
    setNotice(null);
  };

  /** Runs one action on an endpoint: its answer's message as the notice, the list read again after. */
  async function act(work: () => Promise<Notice>, failure: string) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, failure) });
    } finally {
      setBusy(false);
      setLogRound((n) => n + 1);
      void reload(true);
    }
  }

  const actions: EndpointActions = {
    onToggle: (endpoint) =>
      void act(
        async () => ({
          tone: 'ok',
          text: (await updateWebhook(endpoint.id, { enabled: !endpoint.enabled })).message,
        }),
        'The endpoint could not be changed. Please try again.',
      ),
    onEdit: (endpoint) => openForm(endpoint),
    onTest: (endpoint) =>
      void act(async () => {
        const answer = await sendWebhookTest(endpoint.id);
        return { tone: answer.delivery.status === 'delivered' ? 'ok' : 'error', text: answer.message };
      }, 'The test event could not be sent. Please try again.'),
    onRoll: (endpoint) => setAsking({ kind: 'roll', endpoint }),
    onDelete: (endpoint) => setAsking({ kind: 'delete', endpoint }),
    onLog: (endpoint) => setLogOf((open) => (open === endpoint.id ? null : endpoint.id)),
  };

  async function confirm() {
    if (!asking) return;
    const { kind, endpoint } = asking;
    await act(
      async () => {
        if (kind === 'roll') {
          const answer = await rollWebhookSecret(endpoint.id);
          setSecret({ secret: answer.secret, url: endpoint.url, endpointId: endpoint.id });
          return { tone: 'ok', text: answer.message };
        }
        const answer = await deleteWebhook(endpoint.id);
        if (secret?.endpointId === endpoint.id) setSecret(null);
        return { tone: 'ok', text: answer.message };
      },
      kind === 'roll'
        ? 'The secret could not be rolled. Please try again.'
        : 'The endpoint could not be deleted. Please try again.',
    );
    setAsking(null);
  }

  function saved(result: WebhookSaved) {
    setEditing(null);
    if (result.kind === 'created') {
      setSecret({
        secret: result.answer.secret,
        url: result.answer.endpoint.url,
        endpointId: result.answer.endpoint.id,
      });
      setNotice({ tone: 'ok', text: result.answer.message });
    } else {
      setNotice({ tone: 'ok', text: result.message });
    }
    void reload(true);
  }

  const endpoints = remote.state === 'ready' ? remote.data : [];
  const askedName = asking ? asking.endpoint.description || asking.endpoint.url : '';
  return (
    <Card
      title="Webhooks"
      description="The site POSTs a signed JSON message to your URLs when content, orders or newsletter subscribers change. A receiver that does not answer 2xx is tried again for about two days."
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className={`${NOTE} min-w-0 flex-1 basis-60`}>
          Each request carries <InlineCode>Site-Signature: t=…,v1=…</InlineCode> (HMAC-SHA256 of{' '}
          <InlineCode>t.body</InlineCode> with the endpoint’s secret), <InlineCode>Site-Webhook-Id</InlineCode> and{' '}
          <InlineCode>Site-Event</InlineCode>.
        </p>
        <button type="button" className="brand-button px-4 py-2 text-sm font-semibold" onClick={() => openForm(null)}>
          Add endpoint
        </button>
      </div>
      {secret && <WebhookSecretNotice secret={secret.secret} url={secret.url} onDone={() => setSecret(null)} />}
      {remote.state === 'loading' && <PanelLoading label="Loading the webhook endpoints" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && endpoints.length === 0 && (
        <p className={NOTE}>No webhook endpoints yet. Add one to have the site tell another system what changed.</p>
      )}
      {endpoints.length > 0 && (
        <ul
          className="m-0 list-none divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 p-0 dark:divide-white/10 dark:border-white/10"
          aria-label="Webhook endpoints"
        >
          {endpoints.map((endpoint) => (
            <WebhookEndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              busy={busy}
              logOpen={logOf === endpoint.id}
              actions={actions}
            >
              {logOf === endpoint.id && (
                <WebhookDeliveryLog
                  key={logRound}
                  endpointId={endpoint.id}
                  url={endpoint.url}
                  onRefresh={() => void reload(true)}
                  onNotice={(n) => {
                    setNotice(n);
                    void reload(true);
                  }}
                />
              )}
            </WebhookEndpointRow>
          ))}
        </ul>
      )}
      <NoticeLine notice={notice} />
      {editing && (
        <WebhookFormDialog
          key={editing.round}
          open
          endpoint={editing.endpoint}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === 'roll' ? `Roll the secret of "${askedName}"?` : `Delete "${askedName}"?`}
        confirmLabel={asking?.kind === 'roll' ? 'Roll secret' : 'Delete endpoint'}
        busyLabel={asking?.kind === 'roll' ? 'Rolling…' : 'Deleting…'}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        {asking?.kind === 'roll'
          ? 'The old secret stops working at once: every delivery from now on is signed with the new one, shown only once. Put it in your receiver straight away.'
          : 'Nothing more is sent to it, and its delivery log is deleted with it. Deliveries still waiting are dropped.'}
      </ConfirmDialog>
    </Card>
  );
}

/** The Webhooks section, for a signed-in admin only. */
export default function WebhooksSection() {
  return <AdminGate>{() => <Webhooks />}</AdminGate>;
}

/**
 * Add or edit a webhook endpoint in a modal dialog: its URL, a description, and the events it hears as checkboxes
 * grouped as Content, Orders and Subscribers. The form checks the server's own rules first; a 400 marks the field it
 * names (a URL that leads to a private address, say).
 */
import { useId, useRef, useState } from 'react';
import { createWebhook, updateWebhook } from '../../../lib/api/admin/webhooks.ts';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookCreated,
  type WebhookEndpointItem,
} from '../../../shared/schemas/webhooks.ts';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_LABELS, type WebhookEvent } from '../../../shared/webhook-events.ts';
import { Field } from '../company/fields.tsx';
import { FieldError, invalidProps, useFieldErrors } from '../ui/field-errors.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import { webhookFormProblem, type WebhookFormValues } from './webhook-view.ts';

const FIELDS = ['url', 'description', 'events'] as const;

export type WebhookSaved =
  { kind: 'created'; answer: WebhookCreated } | { kind: 'updated'; endpoint: WebhookEndpointItem; message: string };

interface Props {
  /** The endpoint edited, or null for a new one. */
  endpoint: WebhookEndpointItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: WebhookSaved) => void;
}

const valuesOf = (endpoint: WebhookEndpointItem | null): WebhookFormValues => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: endpoint ? [...endpoint.events] : [],
});

export default function WebhookFormDialog({ endpoint, open, onClose, onSaved }: Props) {
  const titleId = useId();
  const eventsId = useId();
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form, FIELDS);
  const [values, setValues] = useState(() => valuesOf(endpoint));
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof WebhookFormValues>(field: K, value: WebhookFormValues[K]) => {
    refusals.clear(field);
    setValues((v) => ({ ...v, [field]: value }));
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    set('events', on ? [...values.events, event] : values.events.filter((e) => e !== event));

  async function save() {
    const problem = webhookFormProblem(values);
    if (problem) {
      refusals.refuse(problem.field, problem.message);
      return;
    }
    setBusy(true);
    refusals.reset();
    const body = { url: values.url.trim(), description: values.description.trim(), events: values.events };
    try {
      if (endpoint) {
        const answer = await updateWebhook(endpoint.id, body);
        onSaved({ kind: 'updated', endpoint: answer.endpoint, message: answer.message });
      } else {
        onSaved({ kind: 'created', answer: await createWebhook(body) });
      }
    } catch (error) {
      refusals.refuseError(error, 'The endpoint could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onClose}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto p-4 sm:p-6"
    >
      <h2 id={titleId} className="m-0 text-lg font-bold">
        {endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      </h2>
      <form
        ref={form}
        className="mt-4 grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          spec={{
            name: 'url',
            label: 'URL',
            kind: 'link',
            max: WEBHOOK_URL_MAX,
            hint: 'Where the events are POSTed: https://example.com/hooks',
          }}
          value={values.url}
          error={refusals.errors.url ?? ''}
          onChange={(v) => set('url', v)}
        />
        <Field
          spec={{ name: 'description', label: 'Description (optional)', kind: 'text', max: WEBHOOK_DESCRIPTION_MAX }}
          value={values.description}
          error={refusals.errors.description ?? ''}
          onChange={(v) => set('description', v)}
        />
        <fieldset className="m-0 min-w-0 border-0 p-0">
          <legend className="p-0 text-sm font-medium">Events</legend>
          <div className="mt-2 grid gap-3">
            {WEBHOOK_EVENT_GROUPS.map((group) => (
              <fieldset
                key={group.label}
                className="m-0 min-w-0 rounded-lg border border-gray-200 p-3 dark:border-white/10"
              >
                <legend className="px-1 text-sm font-semibold">{group.label}</legend>
                <ul className="m-0 grid list-none gap-2 p-0 sm:grid-cols-2">
                  {group.events.map((event) => (
                    <li key={event}>
                      <label className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="events"
                          value={event}
                          checked={values.events.includes(event)}
                          onChange={(e) => toggle(event, e.target.checked)}
                          className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
                          {...invalidProps(eventsId, refusals.errors.events)}
                        />
                        <span className="min-w-0">
                          {WEBHOOK_EVENT_LABELS[event]}
                          <code className="block break-words text-xs text-gray-600 dark:text-gray-400">{event}</code>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
          <FieldError id={eventsId} error={refusals.errors.events} />
        </fieldset>
        {refusals.failure && (
          <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-400">
            {refusals.failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={onClose}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
          >
            Cancel
          </button>
          <button type="submit" disabled={busy} className="brand-button px-4 py-2 font-semibold disabled:opacity-60">
            {busy ? 'Saving…' : endpoint ? 'Save endpoint' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

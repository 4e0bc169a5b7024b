/**
 * The admin's Version history card: how many versions of each item are kept (GET|PUT /api/admin/revision-settings),
 * checked in the browser with the server's own rule before it is sent. Only an admin may change it; the screen shows
 * the card to no other role.
 */
import { useRef, useState } from 'react';
import { fetchRevisionSettings, updateRevisionSettings } from '../../../lib/api/admin/revisions.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { REVISION_LIMIT_MAX, REVISION_LIMIT_MIN } from '../../../shared/revisions.ts';
import { ruleOf } from '../../../shared/schemas/refusal.ts';
import { checkRevisionSettings } from '../../../shared/schemas/revisions.ts';
import { Card } from '../company/fields.tsx';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import { TextInput } from '../sliders/fields.tsx';
import { refusedField, useFieldErrors } from '../ui/field-errors.tsx';

const LABEL = 'Versions kept per item';

/** The rule's sentence about `limit` ('Limit must be at least 2.') told with the field's label instead. */
function sentence(field: string, message: string): string {
  const rule = ruleOf(field, message);
  return rule ? `${LABEL} ${rule}.` : message;
}

function LimitForm({ saved }: { saved: number }) {
  const form = useRef<HTMLFormElement>(null);
  const { errors, failure, refuse, clear, reset } = useFieldErrors(form);
  const [text, setText] = useState(String(saved));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function save() {
    if (busy) return;
    reset();
    setMessage('');
    // Left empty it is missing, not 0, so the check says it is required.
    const check = checkRevisionSettings({ limit: text.trim() === '' ? undefined : Number(text) });
    if (!check.ok) {
      refuse(check.field, sentence(check.field, check.message));
      return;
    }
    setBusy(true);
    try {
      const answer = await updateRevisionSettings(check.value);
      setText(String(answer.settings.limit));
      setMessage(answer.message);
    } catch (error) {
      // A refusal naming no field is about the one field there is.
      const field = refusedField(error) ?? 'limit';
      refuse(field, sentence(field, errorMessage(error, 'The setting could not be saved. Please try again.')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="max-w-xs">
        <TextInput
          label={LABEL}
          name="limit"
          type="number"
          min={REVISION_LIMIT_MIN}
          max={REVISION_LIMIT_MAX}
          value={text}
          error={errors['limit']}
          hint={`From ${REVISION_LIMIT_MIN} to ${REVISION_LIMIT_MAX}.`}
          onChange={(value) => {
            setText(value);
            setMessage('');
            clear('limit');
          }}
        />
      </div>
      {failure && (
        <p role="alert" className="m-0 break-words text-sm font-medium text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className="brand-button px-5 py-2 font-semibold disabled:opacity-60">
          {busy ? 'Saving...' : 'Save'}
        </button>
        <p role="status" className="m-0 min-w-0 flex-1 break-words text-sm text-emerald-700 dark:text-emerald-300">
          {message}
        </p>
      </div>
    </form>
  );
}

export default function RevisionLimitCard() {
  const { remote, reload } = useRemote(
    fetchRevisionSettings,
    'The version history setting could not be loaded. Please try again.',
  );
  return (
    <Card
      title="Version history"
      description="Every save keeps a version of the item, to compare or restore. The oldest are removed beyond this number; the version each item holds now is always kept."
    >
      {remote.state === 'loading' && <PanelLoading label="Loading the version history setting" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && <LimitForm saved={remote.data.limit} />}
    </Card>
  );
}

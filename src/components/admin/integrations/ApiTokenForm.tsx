/**
 * The "New token" form: a name, the scopes in their groups (a read its write includes shows ticked and fixed), and
 * when it expires. Checked by the server's schema before it is sent; a refusal, the browser's or the server's, is shown
 * under its field.
 */
import { useId, useRef, useState } from 'react';
import { createApiToken } from '../../../lib/api/admin/api-tokens.ts';
import { API_SCOPE_LABELS, type ApiScope } from '../../../shared/api-scopes.ts';
import { API_TOKEN_NAME_MAX, type ApiTokenCreated } from '../../../shared/schemas/api-tokens.ts';
import { Field } from '../company/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps, useFieldErrors } from '../ui/field-errors.tsx';
import {
  API_TOKEN_FIELDS,
  checkApiTokenForm,
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  expiryHint,
  includedBy,
  isExpiryChoice,
  SCOPE_GROUPS,
  scopeLabel,
  type ExpiryChoice,
} from './api-token-rules.ts';

const SELECT_CLASS = `mt-1 block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100 ${INVALID_BORDER}`;
const HINT = 'm-0 mt-1 text-xs text-gray-600 dark:text-gray-400';

const NAME_SPEC = {
  name: 'name',
  label: 'Name',
  kind: 'text',
  max: API_TOKEN_NAME_MAX,
  hint: 'What will use it, so you know it again in the list: “Warehouse sync”.',
} as const;

interface ScopeCheckProps {
  scope: ApiScope;
  chosen: readonly ApiScope[];
  error: string | undefined;
  errorId: string;
  disabled: boolean;
  onToggle: (scope: ApiScope, on: boolean) => void;
}

function ScopeCheck({ scope, chosen, error, errorId, disabled, onToggle }: ScopeCheckProps) {
  const id = useId();
  const includedIn = includedBy(scope, chosen);
  const described = [`${id}-detail`, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        name="scopes"
        value={scope}
        checked={includedIn !== null || chosen.includes(scope)}
        disabled={disabled || includedIn !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onToggle(scope, e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)] disabled:opacity-60"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {API_SCOPE_LABELS[scope].label}
        </label>
        <p id={`${id}-detail`} className="m-0 text-xs text-gray-600 dark:text-gray-400">
          {API_SCOPE_LABELS[scope].detail}
          {includedIn && ` Included in ${scopeLabel(includedIn)}.`}
        </p>
      </div>
    </div>
  );
}

export default function ApiTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form, API_TOKEN_FIELDS);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [busy, setBusy] = useState(false);
  const scopesId = `${id}-scopes`;
  const expiryId = `${id}-expiry`;

  async function submit() {
    if (busy) return;
    const checked = checkApiTokenForm({ name, scopes, expiry });
    if (!checked.ok) {
      refusals.refuse(checked.field, checked.message);
      return;
    }
    refusals.reset();
    setBusy(true);
    try {
      // The section swaps this form for the new token, so nothing here is set after it.
      onCreated(await createApiToken(checked.value));
    } catch (error) {
      refusals.refuseError(error, 'The token could not be made. Please try again.');
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <Field
          spec={NAME_SPEC}
          value={name}
          error={refusals.errors.name ?? ''}
          onChange={(value) => {
            setName(value);
            refusals.clear('name');
          }}
        />
        <div className="min-w-0">
          <label htmlFor={expiryId} className="block text-sm font-medium">
            Expires after
          </label>
          <select
            id={expiryId}
            name="expiresInDays"
            value={expiry}
            className={SELECT_CLASS}
            {...invalidProps(expiryId, refusals.errors.expiresInDays, `${expiryId}-hint`)}
            onChange={(e) => {
              if (isExpiryChoice(e.target.value)) setExpiry(e.target.value);
              refusals.clear('expiresInDays');
            }}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <p id={`${expiryId}-hint`} className={HINT}>
            {expiryHint(expiry)}
          </p>
          <FieldError id={expiryId} error={refusals.errors.expiresInDays} />
        </div>
      </div>
      <fieldset className="m-0 min-w-0 border-0 p-0" aria-describedby={`${scopesId}-hint`}>
        <legend className="p-0 text-sm font-medium">Scopes</legend>
        <p id={`${scopesId}-hint`} className={HINT}>
          What the token may reach; writing includes reading. Users, settings, backups, tokens and webhooks are never
          reachable with a token.
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {SCOPE_GROUPS.map((group) => (
            <div
              key={group.title}
              role="group"
              aria-labelledby={`${scopesId}-${group.title}`}
              className="grid min-w-0 content-start gap-2.5 rounded-lg border border-gray-200 p-3 dark:border-white/10"
            >
              <p id={`${scopesId}-${group.title}`} className="m-0 text-sm font-semibold">
                {group.title}
              </p>
              {group.scopes.map((scope) => (
                <ScopeCheck
                  key={scope}
                  scope={scope}
                  chosen={scopes}
                  error={refusals.errors.scopes}
                  errorId={`${scopesId}-error`}
                  disabled={busy}
                  onToggle={(toggled, on) => {
                    setScopes((list) => (on ? [...list, toggled] : list.filter((s) => s !== toggled)));
                    refusals.clear('scopes');
                  }}
                />
              ))}
            </div>
          ))}
        </div>
        <FieldError id={scopesId} error={refusals.errors.scopes} />
      </fieldset>
      {refusals.failure && (
        <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-400">
          {refusals.failure}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="brand-button px-5 py-2.5 font-semibold disabled:opacity-60"
        >
          {busy ? 'Creating token…' : 'Create token'}
        </button>
      </div>
    </form>
  );
}

/**
 * The tokens made so far, one card-like row each (it stacks on a phone): name and hint, state, scopes as badges,
 * who made it and when, its expiry and its last use; Revoke on an active one (the section asks first).
 */
import { formatDate, formatDateTime } from '../../../lib/format/dates.ts';
import { API_SCOPE_LABELS } from '../../../shared/api-scopes.ts';
import type { ApiTokenItem } from '../../../shared/schemas/api-tokens.ts';
import { DANGER_ACTION } from '../ui/row-actions.tsx';
import {
  expiresText,
  hasExpired,
  lastUsedText,
  stateLabel,
  tokenState,
  type ApiTokenState,
} from './api-token-rules.ts';

const BADGE = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';
const STATE_TONE: Record<ApiTokenState['kind'], string> = {
  active: 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  revoked: 'bg-gray-500/15 text-gray-700 dark:text-gray-300',
  expired: 'bg-amber-500/20 text-amber-800 dark:text-amber-300',
};
const TERM = 'text-xs font-medium text-gray-600 dark:text-gray-400';
const VALUE = 'm-0 break-words text-gray-900 dark:text-gray-100';

/** A date as text, its exact time on hover and in the markup. */
function When({ iso, text }: { iso: string; text: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {text}
    </time>
  );
}

interface ItemProps {
  token: ApiTokenItem;
  busy: boolean;
  onRevoke: (token: ApiTokenItem) => void;
}

function ApiTokenRow({ token, busy, onRevoke }: ItemProps) {
  const state = tokenState(token);
  const expired = hasExpired(token);
  return (
    <li
      className={`grid min-w-0 gap-3 p-3 sm:p-4 ${state.kind === 'active' ? '' : 'bg-gray-50 dark:bg-white/[0.03]'}`}
      data-state={state.kind}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <h4 className="m-0 break-words text-base font-semibold">{token.name}</h4>
          <p className="m-0 mt-0.5 font-mono text-xs text-gray-600 dark:text-gray-400">{token.hint}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`${BADGE} ${STATE_TONE[state.kind]}`}>{stateLabel(state)}</span>
          {state.kind === 'active' && (
            <button
              type="button"
              className={DANGER_ACTION}
              disabled={busy}
              aria-label={`Revoke ${token.name}`}
              onClick={() => onRevoke(token)}
            >
              Revoke
            </button>
          )}
        </div>
      </div>
      <ul aria-label="Scopes" className="m-0 flex list-none flex-wrap gap-1.5 p-0">
        {token.scopes.map((scope) => (
          <li
            key={scope}
            title={API_SCOPE_LABELS[scope].detail}
            className="rounded-md border border-gray-300 bg-white px-1.5 py-0.5 text-xs font-medium text-gray-700 dark:border-white/15 dark:bg-white/5 dark:text-gray-300"
          >
            {API_SCOPE_LABELS[scope].label}
          </li>
        ))}
      </ul>
      <dl className="m-0 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className={TERM}>Created</dt>
          <dd className={VALUE}>
            <When iso={token.createdAt} text={formatDate(token.createdAt)} /> by {token.createdBy}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className={TERM}>{expired ? 'Expired' : 'Expires'}</dt>
          <dd className={VALUE}>
            {token.expiresAt === null ? 'Never' : <When iso={token.expiresAt} text={expiresText(token)} />}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className={TERM}>Last used</dt>
          <dd className={VALUE}>
            {token.lastUsedAt === null ? 'Never used' : <When iso={token.lastUsedAt} text={lastUsedText(token)} />}
          </dd>
        </div>
      </dl>
    </li>
  );
}

interface ListProps {
  tokens: readonly ApiTokenItem[];
  busy: boolean;
  onRevoke: (token: ApiTokenItem) => void;
}

export default function ApiTokenList({ tokens, busy, onRevoke }: ListProps) {
  if (tokens.length === 0) {
    return (
      <p className="m-0 rounded-lg border border-dashed border-gray-300 px-3 py-4 text-sm text-gray-600 dark:border-white/15 dark:text-gray-400">
        No API tokens yet. Make one above when another system needs to reach the site.
      </p>
    );
  }
  return (
    <ul
      aria-label="API tokens"
      className="m-0 list-none divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 p-0 dark:divide-white/10 dark:border-white/10"
    >
      {tokens.map((token) => (
        <ApiTokenRow key={token.id} token={token} busy={busy} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

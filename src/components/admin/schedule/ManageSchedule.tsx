/**
 * The /admin/schedule screen: set an item of a type the person may publish to be published or unpublished at a time
 * on the store's clocks; what waits, soonest first, each with Cancel; what was made lately, or why it could not be.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  cancelScheduledChange,
  fetchSchedule,
  fetchScheduleItems,
  scheduleChange,
} from '../../../lib/api/admin/schedule.ts';
import { formatInZone } from '../../../lib/events/event-time.ts';
import {
  SCHEDULE_PERMISSION,
  SCHEDULE_TYPE_LABELS,
  SCHEDULE_TYPES,
  type ScheduleAction,
  type ScheduledChange,
  type ScheduleType,
} from '../../../shared/schemas/schedule.ts';
import { can } from '../../../shared/staff-roles.ts';
import { utcToZoned } from '../../../shared/time-zone.ts';
import type { User } from '../../../shared/types.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import { FieldError, INVALID_BORDER, invalidProps, useFieldErrors } from '../ui/field-errors.tsx';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';

const ACTION_LABELS: Record<ScheduleAction, string> = { publish: 'Publish', unpublish: 'Unpublish' };
const FIELDS = ['type', 'id', 'action', 'at'] as const;

/** An hour from now on the store's clocks, to the minute: where the time field starts. */
const anHourFrom = (zone: string) => utcToZoned(new Date(Date.now() + 3_600_000).toISOString(), zone);

function ScheduleForm({
  types,
  zone,
  onScheduled,
}: {
  types: readonly ScheduleType[];
  zone: string;
  onScheduled: (message: string) => void;
}) {
  const ids = { type: useId(), id: useId(), action: useId(), at: useId(), hint: useId() };
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form, FIELDS);
  const [type, setType] = useState<ScheduleType>(types[0] ?? 'blogs');
  const loadItems = useCallback(() => fetchScheduleItems(type), [type]);
  const { remote: itemsRemote } = useRemote(loadItems, 'The items could not be loaded.');
  const items = itemsRemote.state === 'ready' ? itemsRemote.data : null;
  // '' and null follow the list: its first item, and the change it most likely wants (a published item is most
  // likely to be taken down, a draft to go up) until the person picks.
  const [pickedId, setPickedId] = useState('');
  const [pickedAction, setPickedAction] = useState<ScheduleAction | null>(null);
  const itemId = pickedId !== '' ? pickedId : (items?.[0]?._id ?? '');
  const item = items?.find((i) => i._id === itemId);
  const action = pickedAction ?? (item?.published ? 'unpublish' : 'publish');
  const [at, setAt] = useState(() => anHourFrom(zone));
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    refusals.reset();
    try {
      const { message } = await scheduleChange({ type, id: itemId, action, at });
      onScheduled(message);
    } catch (error) {
      refusals.refuseError(error, 'The change could not be scheduled. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const label = 'block text-sm font-medium';
  return (
    <form
      ref={form}
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="min-w-0">
        <label htmlFor={ids.type} className={label}>
          Type
        </label>
        <select
          id={ids.type}
          name="type"
          className={`${FIELD_CLASS} ${INVALID_BORDER}`}
          value={type}
          disabled={busy}
          onChange={(e) => {
            refusals.clear('type');
            setType(e.target.value as ScheduleType);
            setPickedId('');
            setPickedAction(null);
          }}
          {...invalidProps(ids.type, refusals.errors.type)}
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {SCHEDULE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <FieldError id={ids.type} error={refusals.errors.type} />
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.id} className={label}>
          Item
        </label>
        <select
          id={ids.id}
          name="id"
          className={`${FIELD_CLASS} ${INVALID_BORDER}`}
          value={itemId}
          disabled={busy || items === null || items.length === 0}
          onChange={(e) => {
            refusals.clear('id');
            setPickedId(e.target.value);
            setPickedAction(null);
          }}
          {...invalidProps(ids.id, refusals.errors.id)}
        >
          {itemsRemote.state === 'loading' && <option value="">Loading…</option>}
          {itemsRemote.state === 'error' && <option value="">{itemsRemote.message}</option>}
          {items?.length === 0 && <option value="">No {SCHEDULE_TYPE_LABELS[type].toLowerCase()} yet</option>}
          {items?.map((option) => (
            <option key={option._id} value={option._id}>
              {option.title || 'Untitled'} ({option.published ? 'published' : 'draft'})
            </option>
          ))}
        </select>
        <FieldError id={ids.id} error={refusals.errors.id} />
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.action} className={label}>
          Change
        </label>
        <select
          id={ids.action}
          name="action"
          className={`${FIELD_CLASS} ${INVALID_BORDER}`}
          value={action}
          disabled={busy}
          onChange={(e) => {
            refusals.clear('action');
            setPickedAction(e.target.value as ScheduleAction);
          }}
          {...invalidProps(ids.action, refusals.errors.action)}
        >
          <option value="publish">Publish</option>
          <option value="unpublish">Unpublish</option>
        </select>
        <FieldError id={ids.action} error={refusals.errors.action} />
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.at} className={label}>
          Date and time
        </label>
        <input
          id={ids.at}
          name="at"
          type="datetime-local"
          className={`${FIELD_CLASS} ${INVALID_BORDER}`}
          value={at}
          disabled={busy}
          onChange={(e) => {
            refusals.clear('at');
            setAt(e.target.value);
          }}
          {...invalidProps(ids.at, refusals.errors.at, ids.hint)}
        />
        <p id={ids.hint} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
          On the store’s clocks ({zone}).
        </p>
        <FieldError id={ids.at} error={refusals.errors.at} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" className="brand-button px-4 py-2 text-sm font-semibold" disabled={busy || itemId === ''}>
          {busy ? 'Scheduling…' : 'Schedule'}
        </button>
        {refusals.failure && (
          <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-300">
            {refusals.failure}
          </p>
        )}
      </div>
    </form>
  );
}

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const ACTION_BADGE: Record<ScheduleAction, string> = {
  publish: `${BADGE} bg-emerald-500/15 text-emerald-800 dark:text-emerald-300`,
  unpublish: `${BADGE} bg-amber-500/15 text-amber-800 dark:text-amber-300`,
};

function ChangeRow({
  change,
  zone,
  busy,
  onCancel,
}: {
  change: ScheduledChange;
  zone: string;
  busy?: boolean;
  onCancel?: (change: ScheduledChange) => void;
}) {
  const outcome =
    change.status === 'failed'
      ? `Not made: ${change.error ?? 'unknown error'}`
      : change.status === 'done'
        ? `Made ${change.finishedAt ? formatInZone(change.finishedAt, zone) : ''}`
        : change.status === 'running'
          ? 'Being made now'
          : `Set by ${change.createdBy}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-gray-200 py-3 last:border-b-0 dark:border-white/10">
      <div className="min-w-0 flex-1 basis-60">
        <p className="m-0 flex flex-wrap items-center gap-2">
          <span className={ACTION_BADGE[change.action]}>{ACTION_LABELS[change.action]}</span>
          <span className="min-w-0 break-words font-medium">{change.itemTitle || 'Untitled'}</span>
          <span className="text-sm text-gray-600 dark:text-gray-400">{SCHEDULE_TYPE_LABELS[change.type]}</span>
        </p>
        <p className="m-0 mt-1 text-sm text-gray-700 dark:text-gray-300">
          <time dateTime={change.runAt}>{formatInZone(change.runAt, zone)}</time>
          <span
            className={`ml-2 ${change.status === 'failed' ? 'font-medium text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-400'}`}
          >
            · {outcome}
          </span>
        </p>
      </div>
      {onCancel && change.status === 'pending' && (
        <button
          type="button"
          className="brand-button-outline shrink-0 px-3 py-1.5 text-sm font-medium text-gray-900 dark:text-gray-100"
          disabled={busy}
          onClick={() => onCancel(change)}
          aria-label={`Cancel: ${ACTION_LABELS[change.action].toLowerCase()} ${change.itemTitle}`}
        >
          Cancel
        </button>
      )}
    </li>
  );
}

function ScheduleScreen({ user }: { user: User }) {
  const types = SCHEDULE_TYPES.filter((type) => can(user.role, SCHEDULE_PERMISSION[type]));
  const load = useCallback(() => fetchSchedule(), []);
  const { remote, reload } = useRemote(load, 'Could not load the scheduled changes.');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function cancel(change: ScheduledChange) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: (await cancelScheduledChange(change._id)).message });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The change could not be cancelled. Please try again.') });
    } finally {
      setBusy(false);
      void reload(true);
    }
  }

  if (remote.state === 'loading') return <PanelLoading label="Loading the scheduled changes" />;
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={() => void reload()} />;
  const { timeZone, upcoming, recent } = remote.data;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Panel title="Schedule a change" id="schedule-form">
        <p className="m-0 mb-4 text-sm text-gray-600 dark:text-gray-400">
          The item is published or unpublished at that time, and the site is rebuilt for visitors a minute or so after.
        </p>
        <ScheduleForm
          types={types}
          zone={timeZone}
          onScheduled={(message) => {
            setNotice({ tone: 'ok', text: message });
            void reload(true);
          }}
        />
        <NoticeLine notice={notice} />
      </Panel>
      <Panel title="Upcoming" id="schedule-upcoming">
        {upcoming.length === 0 ? (
          <p className="m-0 py-6 text-center text-gray-600 dark:text-gray-400">Nothing is scheduled.</p>
        ) : (
          <ul className="m-0 list-none p-0">
            {upcoming.map((change) => (
              <ChangeRow
                key={change._id}
                change={change}
                zone={timeZone}
                busy={busy}
                onCancel={(c) => void cancel(c)}
              />
            ))}
          </ul>
        )}
      </Panel>
      {recent.length > 0 && (
        <Panel title="Lately" id="schedule-recent">
          <ul className="m-0 list-none p-0">
            {recent.map((change) => (
              <ChangeRow key={change._id} change={change} zone={timeZone} />
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}

export default function ManageSchedule() {
  return <AdminGate>{(user) => <ScheduleScreen user={user} />}</AdminGate>;
}

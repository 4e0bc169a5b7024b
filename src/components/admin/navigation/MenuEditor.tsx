/**
 * One menu's card on the Navigation screen: a row per link (label, target, custom address, visibility, move up or
 * down, remove), Add link, and Save, which replaces the whole menu. A refusal marks the row and field at fault.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { moveItem } from '../../../lib/admin/slider-form.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { saveNavigationMenu } from '../../../lib/api/navigation.ts';
import {
  MENU_TITLES,
  NAV_SECTIONS,
  SECTION_LINKS,
  type AdminNavigation,
  type ContentSection,
  type MenuItem,
  type MenuName,
  type MenuPage,
  type MenuVisibility,
} from '../../../shared/navigation.ts';
import { checkMenu, MENU_ITEMS_MAX, MENU_LABEL_MAX, MENU_URL_MAX } from '../../../shared/schemas/navigation.ts';
import { Panel } from '../dashboard/Panel.tsx';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { CUSTOM_LINK, hiddenReason, newItem, rowFieldOf, targetValue, withTarget } from './menu-form.ts';
import { DANGER_ACTION, MoveButtons } from '../ui/row-actions.tsx';

interface Props {
  menu: MenuName;
  items: MenuItem[];
  pages: MenuPage[];
  emptySections: ContentSection[];
  description: string;
  onSaved: (navigation: AdminNavigation) => void;
}

interface Row {
  key: number;
  item: MenuItem;
  /** The address a custom link had, kept while another target is tried. */
  lastUrl: string;
}

const VISIBILITY_OPTIONS: readonly { value: MenuVisibility; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'always', label: 'Always' },
  { value: 'hidden', label: 'Hidden' },
];

const fieldClass = `${FIELD_CLASS} aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400`;
const label = 'block text-xs font-medium text-gray-700 dark:text-gray-300';

let nextKey = 0;
const rowsOf = (items: readonly MenuItem[]): Row[] =>
  items.map((item) => ({ key: nextKey++, item, lastUrl: item.kind === 'link' ? item.url : '' }));

export default function MenuEditor({ menu, items, pages, emptySections, description, onSaved }: Props) {
  const id = useId();
  const title = MENU_TITLES[menu];
  const [rows, setRows] = useState<Row[]>(() => rowsOf(items));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  // The control to focus once it is drawn (a new row's label, a refused field, a moved row's arrow).
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const fieldId = (key: number, field: string) => `${id}-${key}-${field}`;
  const errorKey = (key: number, field: string) => `${key}.${field}`;

  const change = (index: number, update: (row: Row) => Row) => {
    setRows((old) => old.map((row, i) => (i === index ? update(row) : row)));
    setNotice(null);
  };
  const clearError = (key: number, field: string) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => k !== errorKey(key, field))));

  function move(from: number, to: number) {
    const row = rows[from];
    if (!row) return;
    setRows(moveItem(rows, from, to));
    setNotice(null);
    focusNext.current = fieldId(row.key, to < from ? 'up' : 'down');
  }

  function add() {
    const item = newItem(rows.map((row) => row.item));
    const row = { key: nextKey++, item, lastUrl: '' };
    setRows([...rows, row]);
    setNotice(null);
    focusNext.current = fieldId(row.key, 'label');
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    setRows(next);
    setNotice(null);
    // The focus goes to the row that took its place, else to Add link.
    const after = next[Math.min(index, next.length - 1)];
    focusNext.current = after ? fieldId(after.key, 'label') : `${id}-add`;
  }

  function refuse(field: string | undefined, message: string) {
    const at = rowFieldOf(field);
    const row = at ? rows[at[0]] : undefined;
    if (at && row) {
      setErrors({ [errorKey(row.key, at[1])]: message });
      focusNext.current = fieldId(
        row.key,
        at[1] === 'section' || at[1] === 'page' || at[1] === 'kind' ? 'target' : at[1],
      );
    } else setErrors({});
    setNotice({ tone: 'error', text: message });
  }

  async function save() {
    if (saving) return;
    const body = { items: rows.map((row) => row.item) };
    const check = checkMenu(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await saveNavigationMenu(menu, check.value.items);
      onSaved(answer.navigation);
      setRows(rowsOf(answer.navigation[menu]));
      setNotice({ tone: 'ok', text: `${answer.message}. Visitors see it once the site is rebuilt.` });
    } catch (error) {
      const field = (error as { data?: { field?: unknown } }).data?.field;
      refuse(
        typeof field === 'string' ? field : undefined,
        errorMessage(error, `The ${title.toLowerCase()} could not be saved. Please try again.`),
      );
    } finally {
      setSaving(false);
    }
  }

  const full = rows.length >= MENU_ITEMS_MAX;
  const addButton = (
    <button
      type="button"
      id={`${id}-add`}
      className="brand-button-outline px-4 py-2 text-sm font-semibold"
      disabled={full || saving}
      onClick={add}
    >
      Add link
    </button>
  );

  return (
    <Panel title={title} id={`${id}-title`} action={addButton}>
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{description}</p>
      {rows.length === 0 ? (
        <p className="m-0 py-6 text-center text-sm text-gray-600 dark:text-gray-400">
          No links: visitors see none here. Add one, or save to keep it empty.
        </p>
      ) : (
        <ol className="m-0 mt-3 list-none divide-y divide-gray-200 p-0 dark:divide-white/10">
          {rows.map((row, index) => {
            const { item, key } = row;
            const invalid = (field: string) => {
              const message = errors[errorKey(key, field)];
              return message
                ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(key, field)}-error` }
                : { 'aria-invalid': undefined };
            };
            const fieldError = (field: string) => {
              const message = errors[errorKey(key, field)];
              return message ? (
                <p id={`${fieldId(key, field)}-error`} className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
                  {message}
                </p>
              ) : null;
            };
            const targetError =
              errors[errorKey(key, 'section')] ?? errors[errorKey(key, 'page')] ?? errors[errorKey(key, 'kind')];
            const reason = hiddenReason(item, emptySections, pages);
            const name = item.label.trim() || `link ${index + 1}`;
            return (
              <li key={key} data-menu-row={index}>
                <fieldset className="m-0 min-w-0 border-0 px-0 py-4">
                  <legend className="sr-only">{`Link ${index + 1}`}</legend>
                  <div className="grid min-w-0 gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] xl:items-start">
                    <div className="min-w-0">
                      <label htmlFor={fieldId(key, 'label')} className={label}>
                        Label
                      </label>
                      <input
                        id={fieldId(key, 'label')}
                        className={fieldClass}
                        value={item.label}
                        maxLength={MENU_LABEL_MAX}
                        autoComplete="off"
                        {...invalid('label')}
                        onChange={(e) => {
                          clearError(key, 'label');
                          change(index, (r) => ({ ...r, item: { ...r.item, label: e.target.value } }));
                        }}
                      />
                      {fieldError('label')}
                    </div>
                    <div className="min-w-0">
                      <label htmlFor={fieldId(key, 'target')} className={label}>
                        Goes to
                      </label>
                      <select
                        id={fieldId(key, 'target')}
                        className={fieldClass}
                        value={targetValue(item)}
                        aria-invalid={targetError ? true : undefined}
                        aria-describedby={targetError ? `${fieldId(key, 'target')}-error` : undefined}
                        onChange={(e) => {
                          const value = e.target.value;
                          for (const field of ['section', 'page', 'kind']) clearError(key, field);
                          change(index, (r) => {
                            const next = withTarget(r.item, value, pages, r.lastUrl);
                            return { ...r, item: next, lastUrl: r.item.kind === 'link' ? r.item.url : r.lastUrl };
                          });
                          if (value === CUSTOM_LINK) focusNext.current = fieldId(key, 'url');
                        }}
                      >
                        <optgroup label="Sections">
                          {NAV_SECTIONS.map((section) => (
                            <option key={section} value={`section:${section}`}>
                              {SECTION_LINKS[section].label}
                            </option>
                          ))}
                        </optgroup>
                        {pages.length > 0 && (
                          <optgroup label="Pages">
                            {pages.map((page) => (
                              <option key={page._id} value={`page:${page._id}`}>
                                {page.published ? page.title : `${page.title} (draft)`}
                              </option>
                            ))}
                          </optgroup>
                        )}
                        {item.kind === 'page' && !pages.some((page) => page._id === item.page) && (
                          <option value={targetValue(item)}>Deleted page</option>
                        )}
                        <option value={CUSTOM_LINK}>Custom link</option>
                      </select>
                      {targetError && (
                        <p
                          id={`${fieldId(key, 'target')}-error`}
                          className="m-0 mt-1 text-sm text-red-700 dark:text-red-400"
                        >
                          {targetError}
                        </p>
                      )}
                      {item.kind === 'link' && (
                        <div className="mt-2">
                          <label htmlFor={fieldId(key, 'url')} className={label}>
                            Address
                          </label>
                          <input
                            id={fieldId(key, 'url')}
                            className={fieldClass}
                            value={item.url}
                            inputMode="url"
                            spellCheck={false}
                            autoComplete="off"
                            placeholder="/about or https://…"
                            maxLength={MENU_URL_MAX}
                            {...invalid('url')}
                            onChange={(e) => {
                              clearError(key, 'url');
                              const url = e.target.value;
                              change(index, (r) => ({
                                ...r,
                                item: r.item.kind === 'link' ? { ...r.item, url } : r.item,
                                lastUrl: url,
                              }));
                            }}
                          />
                          {fieldError('url')}
                        </div>
                      )}
                    </div>
                    <div className="min-w-0">
                      <label htmlFor={fieldId(key, 'visibility')} className={label}>
                        Visibility
                      </label>
                      <select
                        id={fieldId(key, 'visibility')}
                        className={fieldClass}
                        value={item.visibility}
                        {...invalid('visibility')}
                        onChange={(e) => {
                          clearError(key, 'visibility');
                          const visibility = e.target.value as MenuVisibility;
                          change(index, (r) => ({ ...r, item: { ...r.item, visibility } }));
                        }}
                      >
                        {VISIBILITY_OPTIONS.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                      {fieldError('visibility')}
                    </div>
                    <div className="flex flex-wrap items-center gap-2 sm:col-span-2 xl:col-span-1 xl:pt-5">
                      <MoveButtons
                        name={name}
                        index={index}
                        count={rows.length}
                        disabled={saving}
                        onMove={(by) => move(index, index + by)}
                        ids={{ up: fieldId(key, 'up'), down: fieldId(key, 'down') }}
                      />
                      <button
                        type="button"
                        disabled={saving}
                        onClick={() => remove(index)}
                        aria-label={`Remove ${name}`}
                        className={DANGER_ACTION}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                  {reason && <p className="m-0 mt-2 text-xs text-gray-600 dark:text-gray-400">{reason}</p>}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {full && (
        <p className="m-0 mt-2 text-sm text-gray-600 dark:text-gray-400">
          A menu holds at most {MENU_ITEMS_MAX} links; remove one to add another.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4 dark:border-white/10">
        <button
          type="button"
          className="brand-button px-4 py-2 text-sm font-semibold"
          disabled={saving}
          onClick={() => void save()}
        >
          {saving ? 'Saving…' : `Save ${title.toLowerCase()}`}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </Panel>
  );
}

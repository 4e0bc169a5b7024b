/**
 * The /admin/categories screen: a tab per content type; the type's categories in their order, with add, inline
 * rename (name and address), move up or down, and delete (a category with items first asks where they move). Every
 * change rebuilds the site; the server's answer shows in the status line and the top bar follows the publish.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  createCategory,
  deleteCategory,
  fetchAdminCategories,
  reorderCategories,
  updateCategory,
} from '../../../lib/api/admin/categories.ts';
import {
  CATEGORY_KIND_LABELS,
  CATEGORY_KINDS,
  CATEGORY_NAME_MAX,
  moveOne,
  type AdminCategory,
  type CategoryKind,
} from '../../../shared/schemas/category.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import TabList from '../ui/TabList.tsx';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { KIND_PAGES, KIND_WORDS, kindFromSearch, movedNotice, savedNotice } from './categories-screen.ts';
import CategoryList from './CategoryList.tsx';
import DeleteCategoryDialog from './DeleteCategoryDialog.tsx';

const tabId = (kind: CategoryKind) => `category-tab-${kind}`;

function AddCategory({
  one,
  example,
  busy,
  onAdd,
}: {
  one: string;
  example: string;
  busy: boolean;
  onAdd: (name: string) => Promise<boolean>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onAdd(name).then((added) => added && setName(''));
      }}
    >
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="block text-sm font-medium">
          New {one}
        </label>
        <input
          id={id}
          className={FIELD_CLASS}
          value={name}
          maxLength={CATEGORY_NAME_MAX}
          placeholder={`e.g. ${example}`}
          disabled={busy}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="brand-button px-4 py-2 text-sm font-semibold" disabled={busy}>
        Add
      </button>
    </form>
  );
}

function CategoriesScreen() {
  const [kind, setKind] = useState<CategoryKind>(() => kindFromSearch(window.location.search));
  const load = useCallback(() => fetchAdminCategories(kind), [kind]);
  const { remote, reload, set } = useRemote(load, 'Could not load the categories.');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const categories = remote.state === 'ready' ? remote.data : [];
  const { page, path, param } = KIND_PAGES[kind];
  const words = KIND_WORDS[kind];

  // The arrow the moved row keeps the focus on, once the list shows the saved order and its buttons are enabled again.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !focusAfterMove.current) return;
    document.querySelector<HTMLButtonElement>(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [busy]);

  // On a phone the tabs scroll sideways: the chosen one is brought into view.
  useEffect(() => {
    document.getElementById(tabId(kind))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [kind]);

  useEffect(() => {
    const back = () => setKind(kindFromSearch(window.location.search));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  const choose = (next: CategoryKind, focus = false) => {
    setKind(next);
    setNotice(null);
    const url = new URL(window.location.href);
    url.searchParams.set('kind', next);
    window.history.replaceState(window.history.state, '', url);
    if (focus) document.getElementById(tabId(next))?.focus();
  };

  /** Runs one save; the answer (or refusal) goes to the status line; true when it was saved. */
  async function write(run: () => Promise<string>, fallback: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: savedNotice(await run(), kind) });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, fallback) });
      return false;
    } finally {
      setBusy(false);
      void reload(true);
    }
  }

  const add = (name: string) =>
    write(
      async () => (await createCategory({ kind, name })).message,
      'The category could not be added. Please try again.',
    );

  const rename = (category: AdminCategory, changes: { name: string; slug: string }) =>
    write(
      async () => (await updateCategory(category._id, changes)).message,
      'The category could not be saved. Please try again.',
    );

  async function move(from: number, step: -1 | 1) {
    const next = moveOne(categories, from, step);
    const moved = categories[from];
    if (!moved || next === categories) return;
    set([...next]);
    // The moved row's arrow keeps the focus while it can still move that way (the effect above).
    focusAfterMove.current = `[data-category="${CSS.escape(moved._id)}"] button[data-move="${step < 0 ? 'up' : 'down'}"]:not(:disabled)`;
    await write(async () => {
      await reorderCategories(
        kind,
        next.map((c) => c._id),
      );
      return movedNotice(moved.name, from + step + 1, next.length, kind);
    }, 'The new order could not be saved. Please try again.');
  }

  async function remove(category: AdminCategory, moveTo: string) {
    const removed = await write(
      async () => (await deleteCategory(category._id, moveTo || undefined)).message,
      'The category could not be removed. Please try again.',
    );
    if (removed) setDeleting(null);
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <TabList
        label="Content types"
        tabs={CATEGORY_KINDS}
        chosen={kind}
        onChoose={choose}
        tabId={tabId}
        panelId="category-tab-panel"
        text={(name) => CATEGORY_KIND_LABELS[name]}
      />
      <div id="category-tab-panel" role="tabpanel" aria-labelledby={tabId(kind)} className="min-w-0">
        <Panel title={words.title} id="categories-panel">
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
            The {words.many} {page} offers as a filter and its forms offer, in this order. Renaming one moves its items
            with it.
          </p>
          <div className="mt-4">
            <AddCategory one={words.one} example={words.example} busy={busy} onAdd={add} />
          </div>
          <NoticeLine notice={notice} />
          <div className="mt-2">
            {remote.state === 'loading' && <PanelLoading label="Loading the categories" />}
            {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
            {remote.state === 'ready' && categories.length === 0 && (
              <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">
                No {words.many} yet. Add the first one.
              </p>
            )}
            {categories.length > 0 && (
              <CategoryList
                key={kind}
                categories={categories}
                address={`${path}?${param}=`}
                busy={busy}
                onMove={(from, step) => void move(from, step)}
                onRename={rename}
                onDelete={(category) => {
                  setNotice(null);
                  setDeleting(category);
                }}
              />
            )}
          </div>
        </Panel>
      </div>
      <DeleteCategoryDialog
        category={deleting}
        siblings={categories}
        busy={busy}
        error={deleting && notice?.tone === 'error' ? notice.text : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={(category, moveTo) => void remove(category, moveTo)}
      />
    </div>
  );
}

export default function ManageCategories() {
  return <AdminGate>{() => <CategoriesScreen />}</AdminGate>;
}

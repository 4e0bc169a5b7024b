/**
 * The /admin/manage-products screen (issue 17 item 3): search, filter, sort and page through products, drafts too;
 * add and edit in a dialog (with a picture and its upload progress), publish or unpublish, delete after a
 * confirmation. The list is read again after every change; the server's answer shows in the status line.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { deleteProduct, fetchAdminProducts, setProductPublished } from '../../../lib/api/admin/products.ts';
import type { AdminProduct, AdminProductPage, ProductSaved } from '../../../shared/products-admin.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import ProductFilters from './ProductFilters.tsx';
import ProductFormDialog from './ProductFormDialog.tsx';
import ProductsTable from './ProductsTable.tsx';
import { INITIAL_PRODUCTS_QUERY, pageCount, productsQueryReducer } from './products-list.ts';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const button = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:hover:bg-white/10';
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-white/10" aria-label="Pages of products">
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{total === 1 ? '1 product' : `${total} products`}</p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
        <span className="px-1 text-sm tabular-nums" aria-live="polite">Page {page} of {pages}</span>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
      </div>
    </nav>
  );
}

function ProductsScreen() {
  const [query, dispatch] = useReducer(productsQueryReducer, INITIAL_PRODUCTS_QUERY);
  const load = useCallback(() => fetchAdminProducts(query), [query]);
  const { remote, reload } = useRemote<AdminProductPage>(load, 'Could not load the products.');
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const data = remote.state === 'ready' ? remote.data : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // A delete or filter change that empties the last page steps back to the page that now is last.
  useEffect(() => {
    if (data && data.results.length === 0 && query.page > pages) dispatch({ type: 'page', page: pages });
  }, [data, query.page, pages]);

  const saved = (answer: ProductSaved) => {
    setEditing(null);
    setNotice({ tone: 'ok', text: answer.message });
    void reload(true);
  };

  async function run(product: AdminProduct, write: () => Promise<{ message: string }>, fallback: string) {
    setBusyId(product._id);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: (await write()).message });
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, fallback) });
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  }

  const addButton = (
    <button type="button" className="brand-button px-4 py-2 text-sm font-semibold" onClick={() => { setNotice(null); setEditing('new'); }}>
      Add Product
    </button>
  );

  return (
    <div className="flex flex-col gap-4">
      <Panel title="Products" id="products-panel" action={addButton}>
        <ProductFilters query={query} dispatch={dispatch} />
        <p
          role="status"
          className={`m-0 mt-3 min-h-5 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {notice?.text}
        </p>
        <div className="mt-2">
          {remote.state === 'loading' && <PanelLoading label="Loading products" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {data && data.results.length === 0 && <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">No products found.</p>}
          {data && data.results.length > 0 && (
            <ProductsTable
              products={data.results}
              sort={query.sort}
              dir={query.dir}
              busyId={busyId}
              onSort={(sort) => dispatch({ type: 'sortBy', sort })}
              onEdit={(product) => { setNotice(null); setEditing(product); }}
              onDelete={setDeleting}
              onPublish={(product, published) => void run(product, () => setProductPublished(product._id, published), 'The change could not be saved. Please try again.')}
            />
          )}
          {data && <Pager page={query.page} pages={pages} total={data.total} onPage={(page) => dispatch({ type: 'page', page })} />}
        </div>
      </Panel>
      <ProductFormDialog editing={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(deleting, () => deleteProduct(deleting._id), 'The product could not be deleted. Please try again.')}
      >
        {deleting ? `"${deleting.name}" will be removed from the shop and this list. Past orders keep its name and price. This cannot be undone.` : ''}
      </ConfirmDialog>
    </div>
  );
}

export default function ManageProducts() {
  return <AdminGate>{() => <ProductsScreen />}</AdminGate>;
}

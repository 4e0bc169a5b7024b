/**
 * The /admin/manage-products screen: search, filter, sort and page through products, drafts too;
 * add and edit in a dialog (with a picture and its upload progress, drafts, previews and history), publish or
 * unpublish, delete after a confirmation. The list is read again after every change; the server's answer shows in
 * the status line. A link may name a search (?q=Blue%20mug): the list starts filtered to it.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { deleteProduct, fetchAdminProducts, setProductPublished } from '../../../lib/api/admin/products.ts';
import type { AdminProduct } from '../../../shared/products-admin.ts';
import { Panel, PanelAction } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import ProductFilters from './ProductFilters.tsx';
import ProductFormDialog from './ProductFormDialog.tsx';
import ProductsTable from './ProductsTable.tsx';
import { initialProductsQuery, productsQueryReducer } from './products-list.ts';

const TEXTS: ListTexts = {
  loading: 'Loading products',
  empty: 'No products found.',
  pager: 'Pages of products',
  count: (n) => (n === 1 ? '1 product' : `${n} products`),
};

function ProductsScreen({ currency }: { currency: string }) {
  const [initial] = useState(() => initialProductsQuery(window.location.search));
  const list = usePagedList(productsQueryReducer, initial, fetchAdminProducts, 'Could not load the products.');
  // Once the admin changes the search a link filled in, a reload should not bring the link's search back.
  const linked = useRef<string | null>(initial.q);
  useEffect(() => {
    if (linked.current === null || list.query.q === linked.current) return;
    linked.current = null;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('q')) return;
    url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  }, [list.query.q]);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const saved = (message: string) => {
    setEditing(null);
    setNotice({ tone: 'ok', text: message });
    void list.reload(true);
  };

  async function run(product: AdminProduct, write: () => Promise<{ message: string }>, fallback: string) {
    setBusyId(product._id);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: (await write()).message });
      void list.reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, fallback) });
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  }

  const addButton = (
    <PanelAction
      label="Add Product"
      onClick={() => {
        setNotice(null);
        setEditing('new');
      }}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <Panel title="Products" id="products-panel" action={addButton}>
        <ProductFilters query={list.query} dispatch={list.dispatch} />
        <NoticeLine notice={notice} />
        <PagedListBody list={list} texts={TEXTS}>
          {(products) => (
            <ProductsTable
              products={products}
              currency={currency}
              sort={list.query.sort}
              dir={list.query.dir}
              busyId={busyId}
              onSort={(sort) => list.dispatch({ type: 'sortBy', sort })}
              onEdit={(product) => {
                setNotice(null);
                setEditing(product);
              }}
              onDelete={setDeleting}
              onPublish={(product, published) =>
                void run(
                  product,
                  () => setProductPublished(product._id, published),
                  'The change could not be saved. Please try again.',
                )
              }
            />
          )}
        </PagedListBody>
      </Panel>
      <ProductFormDialog
        editing={editing}
        currency={currency}
        onClose={() => {
          setEditing(null);
          // A preview saved before closing changed the product or its draft (and so the badge and the next edit).
          void list.reload(true);
        }}
        onSaved={saved}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busyId !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void run(deleting, () => deleteProduct(deleting._id), 'The product could not be deleted. Please try again.')
        }
      >
        {deleting
          ? `"${deleting.name}" will be removed from the shop and this list. Past orders keep its name and price. This cannot be undone.`
          : ''}
      </ConfirmDialog>
    </div>
  );
}

/** currency: the store's, baked in at build time (a change of currency rebuilds the site). */
export default function ManageProducts({ currency }: { currency: string }) {
  return <AdminGate>{() => <ProductsScreen currency={currency} />}</AdminGate>;
}

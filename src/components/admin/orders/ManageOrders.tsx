/**
 * The /admin/orders screen (issue 17 item 5): filter by status, UTC days and search, page through the orders, open
 * one to see its items, customer, totals and history and change its status; the list follows each change.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { fetchAdminOrders } from '../../../lib/api/admin/orders.ts';
import type { AdminOrderPage } from '../../../shared/orders-admin.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import OrderDetailDialog, { type Notice } from './OrderDetailDialog.tsx';
import OrderFilters from './OrderFilters.tsx';
import { INITIAL_ORDERS_QUERY, ordersQueryReducer, pageCount } from './orders-list.ts';
import OrdersTable from './OrdersTable.tsx';

function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const button = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:hover:bg-white/10';
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-white/10" aria-label="Pages of orders">
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{total === 1 ? '1 order' : `${total} orders`}</p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
        <span className="px-1 text-sm tabular-nums" aria-live="polite">Page {page} of {pages}</span>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
      </div>
    </nav>
  );
}

function OrdersScreen() {
  const [query, dispatch] = useReducer(ordersQueryReducer, INITIAL_ORDERS_QUERY);
  const load = useCallback(() => fetchAdminOrders(query), [query]);
  const { remote, reload } = useRemote<AdminOrderPage>(load, 'Could not load the orders.');
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const data = remote.state === 'ready' ? remote.data : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // A change that empties the last page (the order left the filter) steps back to the page that now is last.
  useEffect(() => {
    if (data && data.results.length === 0 && query.page > pages) dispatch({ type: 'page', page: pages });
  }, [data, query.page, pages]);

  return (
    <div className="flex flex-col gap-4">
      <Panel title="All orders" id="orders-panel">
        <OrderFilters query={query} dispatch={dispatch} />
        <p role="status" className={`m-0 mt-3 min-h-5 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}>
          {notice?.text}
        </p>
        <div className="mt-2">
          {remote.state === 'loading' && <PanelLoading label="Loading orders" />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {data && data.results.length === 0 && <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">No orders found.</p>}
          {data && data.results.length > 0 && <OrdersTable orders={data.results} openId={openId} onOpen={(order) => { setNotice(null); setOpenId(order._id); }} />}
          {data && <Pager page={query.page} pages={pages} total={data.total} onPage={(page) => dispatch({ type: 'page', page })} />}
        </div>
      </Panel>
      {openId && (
        <OrderDetailDialog
          key={openId}
          orderId={openId}
          onChanged={(answer) => {
            setNotice({ tone: 'ok', text: `${answer.message}.` });
            // The order may leave the current filter: read the page again, without the spinner.
            void reload(true);
          }}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}

export default function ManageOrders() {
  return <AdminGate>{() => <OrdersScreen />}</AdminGate>;
}

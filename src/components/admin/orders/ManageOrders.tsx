/**
 * The /admin/orders screen: filter by status, UTC days and search, page through the orders, open
 * one to see its items, customer, totals and history and change its status; the list follows each change.
 */
import { useState } from 'react';
import { fetchAdminOrders } from '../../../lib/api/admin/orders.ts';
import { Panel } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import OrderDetailDialog from './OrderDetailDialog.tsx';
import OrderFilters from './OrderFilters.tsx';
import { INITIAL_ORDERS_QUERY, ordersQueryReducer } from './orders-list.ts';
import OrdersTable from './OrdersTable.tsx';

const TEXTS: ListTexts = {
  loading: 'Loading orders',
  empty: 'No orders found.',
  pager: 'Pages of orders',
  count: (n) => (n === 1 ? '1 order' : `${n} orders`),
};

function OrdersScreen() {
  const list = usePagedList(ordersQueryReducer, INITIAL_ORDERS_QUERY, fetchAdminOrders, 'Could not load the orders.');
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const timeZone = list.remote.state === 'ready' ? list.remote.data.timeZone : 'UTC';

  return (
    <div className="flex flex-col gap-4">
      <Panel title="All orders" id="orders-panel">
        <OrderFilters query={list.query} dispatch={list.dispatch} />
        <NoticeLine notice={notice} />
        <PagedListBody list={list} texts={TEXTS}>
          {(orders) => (
            <OrdersTable
              orders={orders}
              timeZone={timeZone}
              openId={openId}
              onOpen={(order) => {
                setNotice(null);
                setOpenId(order._id);
              }}
            />
          )}
        </PagedListBody>
      </Panel>
      {openId && (
        <OrderDetailDialog
          key={openId}
          orderId={openId}
          onChanged={(answer) => {
            setNotice({ tone: 'ok', text: `${answer.message}.` });
            // The order may leave the current filter: read the page again, without the spinner.
            void list.reload(true);
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

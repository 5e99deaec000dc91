// /backoffice/orders: the shop's orders, newest first, a page at a time. The filters are a GET
// form, so a filtered list is an address staff can bookmark or send to a colleague.
import { formatPrice, marketOfOrder } from '@shop/shared';
import { orderStatusLabel } from '@shop/shared/order/orderVocabulary';
import { Form, Link, useLoaderData, useNavigation } from 'react-router-dom';
import { BACKOFFICE_PATHS, orderPagePath } from '../routes/ownPaths';
import type { StaffOrderRow, StaffOrdersAnswer } from '@shop/shared/staff/staffVocabulary';
import { searchOf, type StaffAnswer } from '../staff/staffApi';
import { Moment } from '../layout/Moment';
import { STATUS_CHOICES, type OrderFilters } from './staffOrders';

interface OrdersData {
  filters: OrderFilters;
  page: StaffAnswer<StaffOrdersAnswer> | null;
}

export function OrdersPage() {
  const { filters, page } = useLoaderData() as OrdersData;
  const busy = useNavigation().state === 'loading';
  return (
    <section className="backoffice-page" aria-labelledby="backoffice-orders-heading">
      <h1 id="backoffice-orders-heading" className="backoffice-page__title">
        Orders
      </h1>
      <OrderFiltersForm filters={filters} />
      {page === null ? null : !page.ok ? (
        <p role="alert" className="backoffice-message backoffice-message--error">
          {page.message}
        </p>
      ) : (
        <OrderTable rows={page.value.orders} busy={busy} filtered={hasFilters(filters)} />
      )}
      {page?.ok ? <Paging filters={filters} next={page.value.next} /> : null}
    </section>
  );
}

const hasFilters = ({ status, from, to, q }: OrderFilters) => Boolean(status || from || to || q);

function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  return (
    <Form method="get" className="backoffice-filters" aria-label="Find orders">
      <div className="backoffice-field">
        <label htmlFor="orders-q">Order number or e-mail</label>
        <input id="orders-q" name="q" type="search" defaultValue={filters.q ?? ''} />
      </div>
      <div className="backoffice-field">
        <label htmlFor="orders-status">Status</label>
        <select id="orders-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="backoffice-field">
        <label htmlFor="orders-from">Placed from</label>
        <input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div className="backoffice-field">
        <label htmlFor="orders-to">Placed until</label>
        <input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className="backoffice-filters__actions">
        <button type="submit" className="backoffice-button">
          Show orders
        </button>
        {hasFilters(filters) ? (
          <Link to={BACKOFFICE_PATHS.orders} className="backoffice-link">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function OrderTable({
  rows,
  busy,
  filtered,
}: {
  rows: StaffOrderRow[];
  busy: boolean;
  filtered: boolean;
}) {
  if (rows.length === 0) {
    return (
      <p className="backoffice-message" role="status">
        {filtered ? 'No order matches these filters.' : 'No orders yet.'}
      </p>
    );
  }
  return (
    <div className="backoffice-table-wrap">
      <table className="backoffice-table" aria-busy={busy}>
        <caption className="backoffice-visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Items</th>
            <th scope="col">Total</th>
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <Link to={orderPagePath(row.number)} translate="no">
                  {row.number}
                </Link>
              </th>
              <td>
                <Moment at={row.placedAt} />
              </td>
              <td className="backoffice-table__email">{row.email}</td>
              <td>{row.units}</td>
              {/* In the order's own currency: an entry without one is in dollars (decision 5101). */}
              <td>{formatPrice(row.total, marketOfOrder(row))}</td>
              <td>{row.method}</td>
              <td>
                <span className={`backoffice-status backoffice-status--${row.status}`}>
                  {orderStatusLabel(row.status)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Paging({ filters, next }: { filters: OrderFilters; next?: string }) {
  const { before, ...rest } = filters;
  if (!before && !next) return null;
  return (
    <nav className="backoffice-paging" aria-label="Pages of orders">
      {before ? (
        <Link to={BACKOFFICE_PATHS.orders + searchOf(rest)} className="backoffice-link">
          Newest orders
        </Link>
      ) : null}
      {next ? (
        <Link
          to={BACKOFFICE_PATHS.orders + searchOf({ ...rest, before: next })}
          className="backoffice-link"
        >
          Older orders
        </Link>
      ) : null}
    </nav>
  );
}

// /backoffice/orders/:number: the order as staff see it (the shopper's details, the lines, the
// progress the shopper sees, and the audit trail no shopper sees), and the form that moves it on.
import { formatPrice, marketOfOrder } from '@shop/shared';
import { orderStatusLabel } from '@shop/shared/order/orderVocabulary';
import type {
  StaffAuditEntry,
  StaffOrderAnswer,
  StaffRole,
} from '@shop/shared/staff/staffVocabulary';
import { OrderProgress } from '@shop/shared/ui';
import { PaymentSteps } from '@shop/shared/payments/PaymentSteps';
import { Link, useLoaderData } from 'react-router-dom';
import { BACKOFFICE_PATHS } from '../routes/ownPaths';
import type { StaffAnswer } from '../staff/staffApi';
import { Moment } from '../layout/Moment';
import { RefundForm } from './RefundForm';
import { StatusForm } from './StatusForm';

interface OrderData {
  number: string;
  roles: StaffRole[];
  view: StaffAnswer<StaffOrderAnswer> | null;
}

export function OrderPage() {
  const { number, roles, view } = useLoaderData() as OrderData;
  return (
    <section className="backoffice-page" aria-labelledby="backoffice-order-heading">
      <p className="backoffice-back">
        <Link to={BACKOFFICE_PATHS.orders} className="backoffice-link">
          All orders
        </Link>
      </p>
      <h1 id="backoffice-order-heading" className="backoffice-page__title">
        Order <span translate="no">{number}</span>
      </h1>
      {view === null ? null : view.ok ? (
        <OrderDetails view={view.value} roles={roles} />
      ) : (
        <p role="alert" className="backoffice-message backoffice-message--error">
          {view.message}
        </p>
      )}
    </section>
  );
}

function OrderDetails({ view, roles }: { view: StaffOrderAnswer; roles: StaffRole[] }) {
  const { order, audit } = view;
  const status = order.status ?? 'placed';
  const who = order.personalInformation;
  return (
    <div className="backoffice-order">
      <div className="backoffice-order__summary">
        <p className="backoffice-order__status">
          <span className={`backoffice-status backoffice-status--${status}`}>
            {orderStatusLabel(status)}
          </span>{' '}
          placed <Moment at={order.timestamp} />
        </p>
        <dl className="backoffice-facts">
          <dt>Customer</dt>
          <dd>
            {who.name}
            <br />
            <a href={`mailto:${who.email}`}>{who.email}</a>
            <br />
            {who.tel}
          </dd>
          <dt>Delivery address</dt>
          <dd>
            {who.address}
            <br />
            {who.zipCode} {who.city}
            <br />
            {who.country}
          </dd>
          <dt>Payment</dt>
          <dd>{order.paymentMethod}</dd>
          <dt>Total</dt>
          <dd>
            {formatPrice(order.totalPrice, marketOfOrder(order))} ({order.totalQuantity}{' '}
            {order.totalQuantity === 1 ? 'item' : 'items'}, shipping{' '}
            {formatPrice(order.shipment, marketOfOrder(order))})
          </dd>
        </dl>
      </div>
      <StatusForm number={order.number ?? ''} status={status} roles={roles} />
      <OrderLines order={order} />
      <OrderProgress placedAt={order.timestamp} history={order.statusHistory} />
      {order.payment ? <PaymentSteps payment={order.payment} /> : null}
      <RefundForm payment={order.payment} roles={roles} />
      <AuditTrail steps={audit} />
    </div>
  );
}

function OrderLines({ order }: { order: StaffOrderAnswer['order'] }) {
  // In the order's own currency (decision 5101).
  const market = marketOfOrder(order);
  return (
    <section aria-labelledby="backoffice-lines-heading">
      <h2 id="backoffice-lines-heading" className="backoffice-section__title">
        Items
      </h2>
      <div className="backoffice-table-wrap">
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Size</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {order.products.map((line) => (
              <tr key={`${line.id}-${line.size ?? ''}-${line.colour ?? ''}`}>
                <th scope="row">
                  {line.name}
                  {line.colour ? `, ${line.colour}` : ''}{' '}
                  <span className="backoffice-muted" translate="no">
                    ({line.id})
                  </span>
                </th>
                <td>{line.size ?? '—'}</td>
                <td>{line.quantity}</td>
                <td>{formatPrice(line.discountedPrice, market)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function AuditTrail({ steps }: { steps: StaffAuditEntry[] }) {
  return (
    <section aria-labelledby="backoffice-audit-heading">
      <h2 id="backoffice-audit-heading" className="backoffice-section__title">
        Audit trail
      </h2>
      {steps.length === 0 ? (
        <p className="backoffice-message">No one has changed this order yet.</p>
      ) : (
        <div className="backoffice-table-wrap">
          <table className="backoffice-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Change</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={`${step.at}-${step.to}`}>
                  <td>
                    <Moment at={step.at} />
                  </td>
                  <td>{step.by ?? 'Unknown'}</td>
                  <td>
                    {orderStatusLabel(step.from)} → {orderStatusLabel(step.to)}
                    {step.carrier && step.tracking ? (
                      <>
                        <br />
                        {step.carrier}, <span translate="no">{step.tracking}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{step.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

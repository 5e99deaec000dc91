// /backoffice/dashboard: a day at a glance (UTC days, as the function counts them): its orders,
// revenue and units, how many orders are in each status (each a link to those orders), and the
// sizes about to sell out, sold-out first (each a link to the product's page).
import { formatPrice, marketOfOrder } from '@shop/shared';
import { ORDER_STATUSES, orderStatusLabel } from '@shop/shared/order/orderVocabulary';
import type { StaffDashboardAnswer } from '@shop/shared/staff/staffVocabulary';
import { Form, Link, useLoaderData } from 'react-router-dom';
import { BACKOFFICE_PATHS, productPagePath } from '../routes/ownPaths';
import { searchOf, type StaffAnswer } from '../staff/staffApi';

interface DashboardData {
  day?: string;
  dashboard: StaffAnswer<StaffDashboardAnswer> | null;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
const COUNT = new Intl.NumberFormat('en-US');

export function DashboardPage() {
  const { day, dashboard } = useLoaderData() as DashboardData;
  return (
    <section className="backoffice-page" aria-labelledby="backoffice-dashboard-heading">
      <h1 id="backoffice-dashboard-heading" className="backoffice-page__title">
        Dashboard
      </h1>
      <Form method="get" className="backoffice-filters" aria-label="Choose a day">
        <div className="backoffice-field">
          <label htmlFor="dashboard-day">Day (UTC)</label>
          <input id="dashboard-day" name="day" type="date" defaultValue={day ?? ''} />
        </div>
        <div className="backoffice-filters__actions">
          <button type="submit" className="backoffice-button">
            Show the day
          </button>
          {day ? (
            <Link to={BACKOFFICE_PATHS.dashboard} className="backoffice-link">
              Today
            </Link>
          ) : null}
        </div>
      </Form>
      {dashboard === null ? null : dashboard.ok ? (
        <DayAtAGlance answer={dashboard.value} />
      ) : (
        <p role="alert" className="backoffice-message backoffice-message--error">
          {dashboard.message}
        </p>
      )}
    </section>
  );
}

/** The dollars' revenue, then each other currency's apart: never added up (decision 5101). */
function Revenue({ answer }: { answer: StaffDashboardAnswer }) {
  return (
    <dd>
      {formatPrice(answer.revenue)}
      {Object.entries(answer.revenueByCurrency ?? {}).map(([currency, amount]) => (
        <span key={currency} className="backoffice-figures__other">
          {' '}
          · {formatPrice(amount ?? 0, marketOfOrder({ currency }))}
        </span>
      ))}
    </dd>
  );
}

function DayAtAGlance({ answer }: { answer: StaffDashboardAnswer }) {
  const ordersOf = (status: string) =>
    BACKOFFICE_PATHS.orders + searchOf({ status, from: answer.day, to: answer.day });
  return (
    <>
      <section aria-labelledby="dashboard-day-heading">
        <h2 id="dashboard-day-heading" className="backoffice-section__title">
          {DAY_LABEL.format(new Date(`${answer.day}T00:00:00Z`))}
        </h2>
        <dl className="backoffice-figures">
          <div>
            <dt>Orders</dt>
            <dd>{COUNT.format(answer.orders)}</dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <Revenue answer={answer} />
          </div>
          <div>
            <dt>Items sold</dt>
            <dd>{COUNT.format(answer.units)}</dd>
          </div>
        </dl>
        <p className="backoffice-muted">
          Revenue and items leave out cancelled and refunded orders.
        </p>
        <ul className="backoffice-by-status" aria-label="The day's orders by status">
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link to={ordersOf(status)} className="backoffice-link">
                {orderStatusLabel(status)}: {COUNT.format(answer.byStatus[status] ?? 0)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="dashboard-stock-heading">
        <h2 id="dashboard-stock-heading" className="backoffice-section__title">
          About to sell out
        </h2>
        {answer.lowStock.length === 0 ? (
          <p className="backoffice-message">No size is low on stock.</p>
        ) : (
          <div className="backoffice-table-wrap">
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Size</th>
                  <th scope="col">Left</th>
                </tr>
              </thead>
              <tbody>
                {answer.lowStock.map((row) => (
                  <tr key={`${row.productId}-${row.size}`}>
                    <th scope="row">
                      <Link to={productPagePath(row.productId)}>{row.name}</Link>
                    </th>
                    <td>{row.size}</td>
                    <td>
                      {row.left === 0 ? (
                        <span className="backoffice-status backoffice-status--off">Sold out</span>
                      ) : (
                        row.left
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {answer.lowStockMore ? (
          <p className="backoffice-muted">More sizes are low than these, the lowest first.</p>
        ) : null}
      </section>
    </>
  );
}

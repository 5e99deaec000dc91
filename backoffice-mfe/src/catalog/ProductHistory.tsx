// A product's latest saved changes (decision 5208): when, who, and each value from → to, the
// newest first, as the editing function recorded them.
import { formatPrice } from '@shop/shared';
import { ONE_SIZE } from '@shop/shared/catalog/stock';
import type { ProductChangeRecord, ProductFieldChange } from '@shop/shared/staff/productChanges';
import { Moment } from '../layout/Moment';

const price = (value: number | boolean | null, none: string) =>
  typeof value === 'number' ? formatPrice(value) : none;
const count = (value: number | boolean | null) =>
  typeof value === 'number' ? String(value) : 'not counted';
const onSale = (value: number | boolean | null) => (value === false ? 'Off sale' : 'On sale');

/** One moved value in words: "Price: $180.00 → $190.00". */
export function changeText(change: ProductFieldChange): string {
  switch (change.field) {
    case 'originalPrice':
      return `Price: ${price(change.from, '—')} → ${price(change.to, '—')}`;
    case 'discountedPrice':
      return `Discounted price: ${price(change.from, 'none')} → ${price(change.to, 'none')}`;
    case 'stock':
      return `${change.size && change.size !== ONE_SIZE ? `Stock of size ${change.size}` : 'Stock'}: ${count(change.from)} → ${count(change.to)}`;
    case 'published':
      return `${onSale(change.from)} → ${onSale(change.to)}`;
  }
}

export function ProductHistory({ history }: { history: readonly ProductChangeRecord[] }) {
  return (
    <section aria-labelledby="backoffice-product-history">
      <h2 id="backoffice-product-history" className="backoffice-section__title">
        Changes
      </h2>
      {history.length === 0 ? (
        <p className="backoffice-message">No one has changed this product here yet.</p>
      ) : (
        <div className="backoffice-table-wrap">
          <table className="backoffice-table" aria-labelledby="backoffice-product-history">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>
                    <Moment at={entry.at} />
                  </td>
                  <td>{entry.by.email ?? 'Unknown'}</td>
                  <td>
                    {entry.changes.map((change) => (
                      <span
                        key={`${change.field}-${change.size ?? ''}`}
                        className="backoffice-change"
                      >
                        {changeText(change)}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

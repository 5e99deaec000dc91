// /backoffice/products: the catalog's products by id, with what staff change (price, discount,
// stock, on sale); the search is a GET form, so a search is an address.
import { formatPrice } from '@shop/shared';
import type { StaffProductRow, StaffProductsAnswer } from '@shop/shared/staff/productChanges';
import { Form, Link, useLoaderData, useNavigation } from 'react-router-dom';
import { BACKOFFICE_PATHS, productPagePath } from '../routes/ownPaths';
import { searchOf, type StaffAnswer } from '../staff/staffApi';
import type { ProductFilters } from './staffProducts';

interface ProductsData {
  filters: ProductFilters;
  page: StaffAnswer<StaffProductsAnswer> | null;
}

export function ProductsPage() {
  const { filters, page } = useLoaderData() as ProductsData;
  const busy = useNavigation().state === 'loading';
  return (
    <section className="backoffice-page" aria-labelledby="backoffice-products-heading">
      <h1 id="backoffice-products-heading" className="backoffice-page__title">
        Products
      </h1>
      <Form method="get" className="backoffice-filters" aria-label="Find products">
        <div className="backoffice-field">
          <label htmlFor="products-q">Name or id starts with</label>
          <input id="products-q" name="q" type="search" defaultValue={filters.q ?? ''} />
        </div>
        <div className="backoffice-filters__actions">
          <button type="submit" className="backoffice-button">
            Find
          </button>
          {filters.q ? (
            <Link to={BACKOFFICE_PATHS.products} className="backoffice-link">
              All products
            </Link>
          ) : null}
        </div>
      </Form>
      {page === null ? null : page.ok ? (
        <ProductTable rows={page.value.products} busy={busy} />
      ) : (
        <p role="alert" className="backoffice-message backoffice-message--error">
          {page.message}
        </p>
      )}
      {page?.ok && (filters.after || page.value.next) ? (
        <nav className="backoffice-paging" aria-label="Pages of products">
          {filters.after ? (
            <Link
              to={BACKOFFICE_PATHS.products + searchOf({ q: filters.q })}
              className="backoffice-link"
            >
              First products
            </Link>
          ) : null}
          {page.value.next ? (
            <Link
              to={BACKOFFICE_PATHS.products + searchOf({ q: filters.q, after: page.value.next })}
              className="backoffice-link"
            >
              Next products
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** "41: 3, 42: 10", or "Not tracked". */
const stockText = (row: StaffProductRow) =>
  row.stock
    ? Object.entries(row.stock)
        .map(([size, left]) => `${size}: ${left}`)
        .join(', ')
    : 'Not tracked';

function ProductTable({ rows, busy }: { rows: StaffProductRow[]; busy: boolean }) {
  if (rows.length === 0) {
    return (
      <p className="backoffice-message" role="status">
        No product's name or id starts with that.
      </p>
    );
  }
  return (
    <div className="backoffice-table-wrap">
      <table className="backoffice-table" aria-busy={busy}>
        <caption className="backoffice-visually-hidden">Products by id</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Sold at</th>
            <th scope="col">Stock</th>
            <th scope="col">On sale</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={productPagePath(row.id)}>{row.name}</Link>{' '}
                <span className="backoffice-muted" translate="no">
                  ({row.id})
                </span>
              </th>
              <td>{formatPrice(row.originalPrice)}</td>
              <td>{formatPrice(row.discountedPrice ?? row.originalPrice)}</td>
              <td className="backoffice-table__wrap">{stockText(row)}</td>
              <td>
                <span
                  className={`backoffice-status backoffice-status--${row.published ? 'on' : 'off'}`}
                >
                  {row.published ? 'On sale' : 'Off sale'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

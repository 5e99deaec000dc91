// /backoffice/products/:id: a product's price, discount, stock per size and whether it is on
// sale. The form checks a change with the function's own rules (checkProductChanges) before it
// is sent, sends only what changed with the version it was made on, and after a refusal shows the
// product as it is now.
import { formatPrice } from '@shop/shared';
import {
  PRODUCT_EDITORS,
  type ProductChangeProblem,
  type ProductChanges,
  type StaffProductAnswer,
  type StaffProductRow,
  checkProductChanges,
  stockSizesOf,
} from '@shop/shared/staff/productChanges';
import type { StaffRole } from '@shop/shared/staff/staffVocabulary';
import { type FormEvent, useState } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router-dom';
import { BACKOFFICE_PATHS } from '../routes/ownPaths';
import type { StaffAnswer } from '../staff/staffApi';
import type { ProductFormAnswer } from './staffProducts';

interface ProductData {
  id: string;
  roles: StaffRole[];
  view: StaffAnswer<StaffProductAnswer> | null;
}

export function ProductPage() {
  const { id, roles, view } = useLoaderData() as ProductData;
  const fetcher = useFetcher<ProductFormAnswer>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const mayEdit = roles.some((role) => PRODUCT_EDITORS.includes(role));
  const product = view?.ok ? view.value.product : null;
  return (
    <section className="backoffice-page" aria-labelledby="backoffice-product-heading">
      <p className="backoffice-back">
        <Link to={BACKOFFICE_PATHS.products} className="backoffice-link">
          All products
        </Link>
      </p>
      <h1 id="backoffice-product-heading" className="backoffice-page__title">
        {product?.name ?? id}
      </h1>
      {view === null ? null : view.ok ? (
        <>
          <p className="backoffice-muted" translate="no">
            {id}
          </p>
          {mayEdit ? null : (
            <p className="backoffice-message">Your roles do not let you change products.</p>
          )}
          <ProductForm
            // A new version (saved, or changed by someone else): the form starts from it.
            key={view.value.version}
            product={view.value.product}
            disabled={!mayEdit}
            busy={fetcher.state !== 'idle'}
            onSave={(changes) =>
              void fetcher.submit(
                { version: view.value.version, changes: { ...changes } },
                { method: 'post', encType: 'application/json' },
              )
            }
          />
          {answer ? (
            <p
              role={answer.ok ? 'status' : 'alert'}
              className={`backoffice-message backoffice-message--${answer.ok ? 'ok' : 'error'}`}
            >
              {answer.message}
            </p>
          ) : null}
        </>
      ) : (
        <p role="alert" className="backoffice-message backoffice-message--error">
          {view.message}
        </p>
      )}
    </section>
  );
}

interface FormValues {
  price: string;
  discounted: string;
  stock: Record<string, string>;
  published: boolean;
}

const valuesOf = (product: StaffProductRow): FormValues => ({
  price: String(product.originalPrice),
  discounted: product.discountedPrice === undefined ? '' : String(product.discountedPrice),
  stock: Object.fromEntries(
    stockSizesOf(product).map((size) => [
      size,
      product.stock ? String(product.stock[size] ?? 0) : '',
    ]),
  ),
  published: product.published,
});

/** A number typed in a field ('' stays empty; text that is no number is NaN, refused). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form changes of `product`: only the fields whose values differ. */
function changesOf(product: StaffProductRow, values: FormValues): ProductChanges {
  const changes: ProductChanges = {};
  const price = numberOf(values.price);
  if (price !== product.originalPrice) changes.originalPrice = price;
  const discounted = values.discounted.trim() === '' ? null : numberOf(values.discounted);
  if (discounted !== (product.discountedPrice ?? null)) changes.discountedPrice = discounted;
  const stock: Record<string, number> = {};
  for (const [size, text] of Object.entries(values.stock)) {
    if (text.trim() === '' && !product.stock) continue;
    const count = numberOf(text);
    if (count !== product.stock?.[size]) stock[size] = count;
  }
  if (Object.keys(stock).length > 0) changes.stock = stock;
  if (values.published !== product.published) changes.published = values.published;
  return changes;
}

function ProductForm({
  product,
  disabled,
  busy,
  onSave,
}: {
  product: StaffProductRow;
  disabled: boolean;
  busy: boolean;
  onSave: (changes: ProductChanges) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(product));
  const [problems, setProblems] = useState<ProductChangeProblem[]>([]);
  const problemOf = (field: string, size?: string) =>
    problems.find((p) => p.field === field && (size === undefined || p.size === size));
  const general = problems.filter((p) => p.field === 'changes' || (p.field === 'stock' && !p.size));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkProductChanges(product, changesOf(product, values));
    setProblems(checked.ok ? [] : checked.problems);
    if (checked.ok) onSave(checked.changes);
  }

  const field = (name: 'price' | 'discounted', label: string, problemField: string) => {
    const problem = problemOf(problemField);
    return (
      <div className="backoffice-field">
        <label htmlFor={`product-${name}`}>{label}</label>
        <input
          id={`product-${name}`}
          inputMode="decimal"
          value={values[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `product-${name}-problem` : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
        {problem ? (
          <p id={`product-${name}-problem`} className="backoffice-field__error">
            {problem.message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="backoffice-status-form" aria-label="Change the product" onSubmit={submit}>
      <fieldset disabled={disabled} className="backoffice-stock">
        <legend className="backoffice-visually-hidden">Price and sale</legend>
        {field('price', 'Price ($)', 'originalPrice')}
        {field('discounted', 'Discounted price ($, empty for none)', 'discountedPrice')}
        <label className="backoffice-check">
          <input
            type="checkbox"
            checked={values.published}
            onChange={(event) => setValues({ ...values, published: event.target.checked })}
          />
          On sale
        </label>
      </fieldset>
      <fieldset disabled={disabled} className="backoffice-stock">
        <legend>
          Stock per size
          {product.stock ? '' : ' (not counted yet: give every size a count to start)'}
        </legend>
        {Object.entries(values.stock).map(([size, text]) => {
          const problem = problemOf('stock', size);
          return (
            <div className="backoffice-field" key={size}>
              <label htmlFor={`stock-${size}`}>{size}</label>
              <input
                id={`stock-${size}`}
                inputMode="numeric"
                value={text}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `stock-${size}-problem` : undefined}
                onChange={(event) =>
                  setValues({ ...values, stock: { ...values.stock, [size]: event.target.value } })
                }
              />
              {problem ? (
                <p id={`stock-${size}-problem`} className="backoffice-field__error">
                  {problem.message}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {general.map((problem) => (
        <p
          key={problem.message}
          role="alert"
          className="backoffice-message backoffice-message--error"
        >
          {problem.message}
        </p>
      ))}
      <div className="backoffice-filters__actions">
        <button type="submit" className="backoffice-button" disabled={disabled || busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <span className="backoffice-muted">
          Shoppers pay {formatPrice(product.discountedPrice ?? product.originalPrice)} now.
        </span>
      </div>
    </form>
  );
}

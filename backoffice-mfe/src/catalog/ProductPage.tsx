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
import { ProductHistory } from './ProductHistory';
import type { ProductFormAnswer } from './staffProducts';
import { FormAnswer } from '../layout/FormAnswer';

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
          <FormAnswer answer={answer} />
          <ProductHistory history={view.value.history ?? []} />
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

  const set = (changed: Partial<FormValues>) => setValues({ ...values, ...changed });
  return (
    <form className="backoffice-status-form" aria-label="Change the product" onSubmit={submit}>
      <fieldset disabled={disabled} className="backoffice-stock">
        <legend className="backoffice-visually-hidden">Price and sale</legend>
        <NumberField
          id="product-price"
          label="Price ($)"
          value={values.price}
          problem={problemOf('originalPrice')}
          onChange={(price) => set({ price })}
        />
        <NumberField
          id="product-discounted"
          label="Discounted price ($, empty for none)"
          value={values.discounted}
          problem={problemOf('discountedPrice')}
          onChange={(discounted) => set({ discounted })}
        />
        <label className="backoffice-check">
          <input
            type="checkbox"
            checked={values.published}
            onChange={(event) => set({ published: event.target.checked })}
          />
          On sale
        </label>
      </fieldset>
      <StockFields
        counted={product.stock !== undefined}
        counts={values.stock}
        disabled={disabled}
        problemOf={(size) => problemOf('stock', size)}
        onChange={(stock) => set({ stock })}
      />
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

/** A count per size; a product whose stock is not counted yet starts with every size. */
function StockFields({
  counted,
  counts,
  disabled,
  problemOf,
  onChange,
}: {
  counted: boolean;
  counts: Record<string, string>;
  disabled: boolean;
  problemOf: (size: string) => ProductChangeProblem | undefined;
  onChange: (counts: Record<string, string>) => void;
}) {
  return (
    <fieldset disabled={disabled} className="backoffice-stock">
      <legend>
        Stock per size{counted ? '' : ' (not counted yet: give every size a count to start)'}
      </legend>
      {Object.entries(counts).map(([size, text], index) => (
        <NumberField
          key={size}
          id={`stock-${index}`}
          label={size}
          whole
          value={text}
          problem={problemOf(size)}
          onChange={(count) => onChange({ ...counts, [size]: count })}
        />
      ))}
    </fieldset>
  );
}

/** A number typed as text, with the check's problem under it (described by it for readers). */
function NumberField({
  id,
  label,
  value,
  whole = false,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  whole?: boolean;
  problem: ProductChangeProblem | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="backoffice-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode={whole ? 'numeric' : 'decimal'}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className="backoffice-field__error">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}

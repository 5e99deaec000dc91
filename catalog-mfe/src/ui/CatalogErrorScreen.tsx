// The catalog pages' error element: a product that does not exist gets a proper not-found screen;
// a catalog that cannot be read gets a friendly message and a retry (re-runs the loaders).
import { Button } from '@shop/shared';
import { Link, isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import './catalog.css';

export function ProductNotFound({ what = 'product' }: { what?: 'product' | 'collection' }) {
  return (
    <section className="catalog-message" aria-labelledby="catalog-not-found-title">
      <p className="catalog-eyebrow">404</p>
      <h1 id="catalog-not-found-title">We couldn't find that {what}</h1>
      <p>
        {what === 'product'
          ? 'It may have sold out for good, or the address has a typo.'
          : 'It may have ended, or the address has a typo.'}
      </p>
      <div className="catalog-message__actions">
        <Link className="shop-button shop-button--primary" to="/">
          Return to the home page
        </Link>
        <Link className="shop-button shop-button--secondary" to="/collections">
          Browse the collections
        </Link>
      </div>
    </section>
  );
}

export function CatalogErrorScreen() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | null)?.title;
    return <ProductNotFound what={title === 'Collection not found' ? 'collection' : 'product'} />;
  }
  return (
    <section className="catalog-message" role="alert">
      <h1>We couldn't load the shop right now</h1>
      <p>Please check your connection and try again.</p>
      <div className="catalog-message__actions">
        <Button
          busy={revalidator.state === 'loading'}
          busyLabel="Loading..."
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </Button>
        <Link className="shop-button shop-button--secondary" to="/">
          Return to the home page
        </Link>
      </div>
    </section>
  );
}

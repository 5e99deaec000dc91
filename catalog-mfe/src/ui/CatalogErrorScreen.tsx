// The catalog pages' error element: a product that does not exist gets a proper not-found screen,
// so does a page of a list that does not exist; a search the catalog will not run says why; a
// catalog that cannot be read gets a friendly message and a retry (re-runs the loaders).
import { Button, useMessages, type Translate } from '@shop/shared';
import { Link, isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import type { ListingErrorData } from '../browse/listing';
import './catalog.css';
import { messages } from '../messages';

interface MessageLink {
  to: string;
  label: string;
}

/** A not-found or refused screen: its status, heading, one sentence and two ways on. */
function CatalogMessage(props: {
  status: 404 | 400;
  titleId: string;
  title: string;
  text: string;
  primary: MessageLink;
  secondary: MessageLink;
}) {
  return (
    <section className="catalog-message" aria-labelledby={props.titleId}>
      <p className="catalog-eyebrow">{props.status}</p>
      <h1 id={props.titleId}>{props.title}</h1>
      <p>{props.text}</p>
      <div className="catalog-message__actions">
        <Link className="shop-button shop-button--primary" to={props.primary.to}>
          {props.primary.label}
        </Link>
        <Link className="shop-button shop-button--secondary" to={props.secondary.to}>
          {props.secondary.label}
        </Link>
      </div>
    </section>
  );
}

const home = (t: Translate): MessageLink => ({ to: '/', label: t('Return to the home page') });

export function ProductNotFound({ what = 'product' }: { what?: 'product' | 'collection' }) {
  const t = useMessages(messages);
  return (
    <CatalogMessage
      status={404}
      titleId="catalog-not-found-title"
      title={
        what === 'product'
          ? t("We couldn't find that product")
          : t("We couldn't find that collection")
      }
      text={
        what === 'product'
          ? t('It may have sold out for good, or the address has a typo.')
          : t('It may have ended, or the address has a typo.')
      }
      primary={home(t)}
      secondary={{ to: '/collections', label: t('Browse the collections') }}
    />
  );
}

/** `?page=` names a page the list does not have (past its end, or not a page number). */
function ListPageNotFound({ firstPage }: { firstPage: string }) {
  const t = useMessages(messages);
  return (
    <CatalogMessage
      status={404}
      titleId="catalog-not-found-title"
      title={t("This page of the list doesn't exist")}
      text={t('The list has fewer pages than the address asks for, or the address has a typo.')}
      primary={{ to: firstPage, label: t('Go to the first page of the list') }}
      secondary={home(t)}
    />
  );
}

/** The catalog's service will not run the search in the address (too long: decision 3601). */
function SearchRefused({ message, withoutSearch }: { message: string; withoutSearch: string }) {
  const t = useMessages(messages);
  return (
    <CatalogMessage
      status={400}
      titleId="catalog-refused-title"
      title={t('Your search is too long')}
      text={`${message} ${t('Try a few words: a name, a type, a colour.')}`}
      primary={{ to: withoutSearch, label: t('Search again') }}
      secondary={home(t)}
    />
  );
}

function listingError(data: unknown): ListingErrorData | null {
  if (typeof data !== 'object' || data === null || !('reason' in data)) return null;
  return data as ListingErrorData;
}

export function CatalogErrorScreen() {
  const t = useMessages(messages);
  const error = useRouteError();
  const revalidator = useRevalidator();
  const listing = isRouteErrorResponse(error) ? listingError(error.data) : null;
  if (listing?.reason === 'page') return <ListPageNotFound firstPage={listing.firstPage} />;
  if (listing?.reason === 'search') {
    return <SearchRefused message={listing.message} withoutSearch={listing.withoutSearch} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    // The loaders say what was not found (their titles are in the page's language).
    const what = (error.data as { what?: unknown; title?: unknown } | null)?.what;
    return <ProductNotFound what={what === 'collection' ? 'collection' : 'product'} />;
  }
  return (
    <section className="catalog-message" role="alert">
      <h1>{t("We couldn't load the shop right now")}</h1>
      <p>{t('Please check your connection and try again.')}</p>
      <div className="catalog-message__actions">
        <Button
          busy={revalidator.state === 'loading'}
          busyLabel={t('Loading...')}
          onClick={() => void revalidator.revalidate()}
        >
          {t('Try again')}
        </Button>
        <Link className="shop-button shop-button--secondary" to="/">
          {t('Return to the home page')}
        </Link>
      </div>
    </section>
  );
}

import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { releaseEarlyInput } from '../early/earlyInput';
import { NotFound } from '../pages/NotFound';
import { useMessages } from '@shop/shared/firstRender';
import { messages } from '../messages';

/** The root layout's error screen (docs/product.md §2): failures end here instead of a blank page. */
export function ErrorScreen() {
  const t = useMessages(messages);
  const error = useRouteError();
  // Without the root layout, this screen is the page React took over (see earlyInput).
  useEffect(releaseEarlyInput, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <section className="error-screen" role="alert">
      <h1>{t('Something went wrong!')}</h1>
      <p>{t('An error has occured, please try again later.')}</p>
      {detail ? <p className="error-screen__detail">{detail}</p> : null}
      <Link className="shop-button shop-button--primary" to="/">
        {t('Return to the home page')}
      </Link>
    </section>
  );
}

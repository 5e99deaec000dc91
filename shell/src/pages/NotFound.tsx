import { Link } from 'react-router-dom';
import { useMessages } from '@shop/shared/firstRender';
import { messages } from '../messages';

export function NotFound() {
  const t = useMessages(messages);
  return (
    <section className="not-found">
      <p className="eyebrow">404</p>
      <h1>{t("We couldn't find that page")}</h1>
      <p>{t('The page may have moved, or the address has a typo.')}</p>
      <Link className="shop-button shop-button--primary" to="/">
        {t('Return to the home page')}
      </Link>
    </section>
  );
}

export function Component() {
  return <NotFound />;
}

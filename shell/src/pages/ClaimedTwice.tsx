import type { RouteConflict } from '@shop/shared/routes/routeList';
import { Link } from 'react-router-dom';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

/** Two remotes list the same page: the shell serves neither and says so (never settled silently). */
export function ClaimedTwice({ conflict }: { conflict: RouteConflict }) {
  const t = useMessages(messages);
  return (
    <section className="not-found" role="alert">
      <p className="eyebrow">{t('Unavailable')}</p>
      <h1>{t('This page is not available right now')}</h1>
      <p>
        {t(
          'Two parts of the shop ({owners}) both claim {path}, so neither is shown until that is fixed. The rest of the shop works as usual.',
          { owners: conflict.owners.join(t(' and ')), path: conflict.path },
        )}
      </p>
      <Link className="shop-button shop-button--primary" to="/">
        {t('Return to the home page')}
      </Link>
    </section>
  );
}

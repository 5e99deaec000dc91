import type { RouteConflict } from '@shop/shared/routes/routeList';
import { Link } from 'react-router-dom';

/** Two remotes list the same page: the shell serves neither and says so (never settled silently). */
export function ClaimedTwice({ conflict }: { conflict: RouteConflict }) {
  return (
    <section className="not-found" role="alert">
      <p className="eyebrow">Unavailable</p>
      <h1>This page is not available right now</h1>
      <p>
        Two parts of the shop ({conflict.owners.join(' and ')}) both claim {conflict.path}, so
        neither is shown until that is fixed. The rest of the shop works as usual.
      </p>
      <Link className="shop-button shop-button--primary" to="/">
        Return to the home page
      </Link>
    </section>
  );
}

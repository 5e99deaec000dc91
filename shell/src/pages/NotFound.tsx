import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <section className="not-found">
      <p className="eyebrow">404</p>
      <h1>We couldn't find that page</h1>
      <p>The page may have moved, or the address has a typo.</p>
      <Link className="shop-button shop-button--primary" to="/">
        Return to the home page
      </Link>
    </section>
  );
}

export function Component() {
  return <NotFound />;
}

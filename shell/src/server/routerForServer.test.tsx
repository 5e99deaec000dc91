/**
 * @jest-environment node
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, StaticRouter, type LinkProps } from 'react-router';
import { Link as ServerLink } from './routerForServer';

const at = (location: string, node: ReactNode, basename?: string) =>
  renderToString(
    <StaticRouter location={location} basename={basename}>
      {node}
    </StaticRouter>,
  );

// Links as the shop writes them, and ones the plain path does not cover (the router's own).
const CASES: LinkProps[] = [
  { to: '/' },
  { to: '/men' },
  { to: '/men/' },
  { to: '/products/cable-knit-sweater', className: 'product-card__link', children: 'Sweater' },
  { to: '/search?q=knit&page=2', 'aria-label': 'Next page', children: <span>Next</span> },
  { to: '/products/caf%C3%A9', target: '_blank', rel: 'noopener' },
  { to: '/basket', discover: 'none', replace: true, state: { from: 'header' } },
  { to: '/account', reloadDocument: true, preventScrollReset: true, viewTransition: true },
  { to: '/men', onClick: () => undefined, id: 'men-link', tabIndex: -1 },
  { to: '/.well-known/security.txt' },
  // Not plain: each must still be what the router renders.
  { to: '/men?' },
  { to: '/men#top' },
  { to: '/men/../women' },
  { to: '/men/./shoes' },
  { to: '//other.example/x' },
  { to: 'https://other.example/x' },
  { to: 'shoes' },
  { to: '../women', relative: 'path' },
  { to: { pathname: '/men', search: '?page=2' } },
  { to: '/men', prefetch: 'intent' },
];

describe("the server's Link", () => {
  it.each(CASES.map((props) => [JSON.stringify(props.to), props] as const))(
    '%s renders the markup of the router’s own Link',
    (_name, props) => {
      const location = '/products/cable-knit-sweater';
      expect(at(location, <ServerLink {...props} />)).toBe(at(location, <RouterLink {...props} />));
    },
  );

  it('under a basename, is the router’s own Link', () => {
    expect(at('/shop/men', <ServerLink to="/women" />, '/shop')).toBe(
      at('/shop/men', <RouterLink to="/women" />, '/shop'),
    );
    expect(at('/shop/men', <ServerLink to="/women" />, '/shop')).toContain('href="/shop/women"');
  });
});

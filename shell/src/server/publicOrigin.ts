// The address the shop's pages give for themselves (canonical, Open Graph, JSON-LD): configured,
// never read from a request (decision 3701: a Host or X-Forwarded-Host header of a client's
// choosing would otherwise name another site in a page that a CDN then keeps for every shopper).
import { getFirebaseConfig } from '@shop/shared';
import { isDeployedBuild } from './contentSecurityPolicy';

/** Where the storefront answers on this machine (`npm start`, tooling/apps.json's shell port). */
export const LOCAL_PUBLIC_ORIGIN = 'http://localhost:8080';

/**
 * `SHOP_PUBLIC_ORIGIN` (an http(s) origin, no path), else Hosting's default domain of the project
 * in a deployed build, else the local storefront. A value that is not an origin stops the server
 * at start: pages must never carry a made-up address.
 */
export function publicOrigin(
  configured: string | undefined = process.env.SHOP_PUBLIC_ORIGIN,
  deployed: boolean = isDeployedBuild(),
): string {
  if (configured === undefined || configured === '') {
    return deployed ? `https://${getFirebaseConfig().projectId}.web.app` : LOCAL_PUBLIC_ORIGIN;
  }
  let url: URL | null = null;
  try {
    url = new URL(configured);
  } catch {
    url = null;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.pathname.replace(/\/+$/, '') !== ''
  ) {
    throw new Error(
      `SHOP_PUBLIC_ORIGIN=${configured} is not an http(s) origin such as https://shop.example`,
    );
  }
  return url.origin;
}

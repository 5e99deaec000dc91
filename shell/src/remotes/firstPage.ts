// What the first page needs from the remotes, known from its URL alone: the shell fetches it
// while React and the router are still downloading, instead of after them (architecture
// "Runtime composition"; decision 0502). routes.tsx stays the authority: firstPage.test.ts checks
// this table against it.
import type { RemoteName } from './registry';

export interface RemoteModuleRef {
  remote: RemoteName;
  exposed: string;
}

/**
 * In the header of every page. They are neither preloaded nor loaded before the page itself has
 * loaded (`firstPageLoaded`): their code must not hold up the page's first paint, and until then
 * the header shows a plain basket link with the count.
 */
export const HEADER_MODULES: RemoteModuleRef[] = [{ remote: 'cart', exposed: './MiniBasket' }];

let markLoaded: () => void = () => undefined;
/** Settles once the first page has loaded and painted (or failed), or after 4 s at the most. */
export const firstPageLoaded = new Promise<void>((resolve) => {
  markLoaded = resolve;
  setTimeout(resolve, 4000);
});
/** Called by the bootstrap once the router's first page has painted. */
export function markFirstPageLoaded(): void {
  markLoaded();
}

const PAGES: Array<[RegExp, RemoteModuleRef[]]> = [
  [/^\/$/, [{ remote: 'catalog', exposed: './home' }]],
  [/^\/products\/[^/]+$/, [{ remote: 'catalog', exposed: './product' }]],
  [/^\/collections$/, [{ remote: 'catalog', exposed: './collections' }]],
  [/^\/collections\/(fall|spring)$/, [{ remote: 'catalog', exposed: './collection' }]],
  [/^\/(men|women)$/, [{ remote: 'catalog', exposed: './category' }]],
  [
    /^\/checkout$/,
    [
      { remote: 'checkout', exposed: './checkout-layout' },
      { remote: 'cart', exposed: './basket-review' },
    ],
  ],
  [
    /^\/checkout\/details$/,
    [
      { remote: 'checkout', exposed: './checkout-layout' },
      { remote: 'checkout', exposed: './details' },
    ],
  ],
  [/^\/checkout-successful$/, [{ remote: 'checkout', exposed: './checkout-successful' }]],
  [/^\/authentication$/, [{ remote: 'account', exposed: './authentication' }]],
  [/^\/account(\/|$)/, [{ remote: 'account', exposed: './account-layout' }]],
];

/** The remote modules of the page at `pathname` (the header's come later). */
export function modulesForPage(pathname: string): RemoteModuleRef[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}

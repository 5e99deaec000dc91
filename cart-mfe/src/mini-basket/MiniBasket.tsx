// The header's mini basket: a link to the basket with the count badge, a quick view (a
// disclosure panel) listing the first lines with the products total, and the basket drawer that
// "Add to basket" opens (its code loads on the first add: docs/decisions/4001-basket-drawer.md).
import { formatPrice, priceLines, useCart, useMessages, useShopContext } from '@shop/shared';
import { type RefObject, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BagIcon } from '@shop/shared/ui/BagIcon';
import { useBasketLines } from '../catalog/useBasketLines';
import { useDrawerOnAdd } from '../drawer/useDrawerOnAdd';
import { messages } from '../messages';
import { MiniLines } from './MiniLines';
import './mini-basket.css';

const BasketDrawer = lazy(() => import('../drawer/BasketDrawer'));

/** How many lines the quick view lists before "and N more". */
export const QUICK_VIEW_LINES = 5;

function QuickView({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const cart = useCart();
  const { loading, lines } = useBasketLines(cart.products);
  const ready = lines.flatMap((l) => (l.status === 'ready' ? [l.line] : []));
  const shown = lines.slice(0, QUICK_VIEW_LINES);
  const more = lines.length - shown.length;
  const { productsTotal } = priceLines(ready, null);
  return (
    <div id={id} className="cart-mini__panel" role="region" aria-label={t('Basket preview')}>
      {cart.products.length === 0 ? (
        <p className="cart-mini__empty">{t('Your basket is empty.')}</p>
      ) : (
        <>
          <MiniLines lines={shown} loading={loading} onNavigate={onClose} className="" />
          {more > 0 && <p className="cart-mini__more">{t('and {count} more', { count: more })}</p>}
          <p className="cart-mini__subtotal">
            <span>{t('Products')}</span>
            <span>{loading ? '...' : formatPrice(productsTotal, shop.market)}</span>
          </p>
        </>
      )}
      <Link
        to={shop.hrefFor('basket')}
        className="shop-button shop-button--primary shop-button--block"
        onClick={onClose}
      >
        {t('Go to basket')}
      </Link>
    </div>
  );
}

/** Closes the preview on Escape (focus back on its toggle) and on a press outside `root`. */
function useDismissal(
  open: boolean,
  root: RefObject<HTMLDivElement | null>,
  toggle: RefObject<HTMLButtonElement | null>,
  close: () => void,
): void {
  const closeNow = useRef(close);
  useEffect(() => {
    closeNow.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeNow.current();
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) closeNow.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root, toggle]);
}

export default function MiniBasket() {
  const t = useMessages(messages);
  const shop = useShopContext();
  const cart = useCart();
  const { pathname } = useLocation();
  // The preview belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useDismissal(open, root, toggle, () => setOpenOn(null));

  // The drawer: its code is fetched on the first add, then it stays (closed) for the next one.
  const link = useRef<HTMLAnchorElement>(null);
  const drawer = useDrawerOnAdd(pathname);

  const count = cart.totalQuantity;
  return (
    <div className="cart-mini" ref={root}>
      <Link ref={link} to={shop.hrefFor('basket')} className="header-icon-link cart-mini__link">
        <BagIcon />
        <span className="cart-mini__label">{t('Basket')}</span>
        <span className="badge cart-mini__badge" data-testid="basket-count">
          {count}
        </span>
        {/* The name reads "Basket 3 items": it contains the visible text (WCAG 2.5.3). */}
        <span className="shop-visually-hidden"> {count === 1 ? t('item') : t('items')}</span>
      </Link>
      <button
        ref={toggle}
        type="button"
        className="cart-icon-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span className="shop-visually-hidden">
          {open ? t('Hide basket preview') : t('Show basket preview')}
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" focusable="false">
          <path
            d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
      {open && <QuickView id={panelId} onClose={() => setOpen(false)} />}
      {drawer.wanted ? (
        <Suspense fallback={null}>
          <BasketDrawer
            open={drawer.open}
            onClose={drawer.close}
            returnFocusTo={() => drawer.opener ?? link.current}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

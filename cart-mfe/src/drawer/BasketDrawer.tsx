// The basket drawer: "Add to basket" opens it over the page, with the basket's lines (each linking
// to its product), their quantities and totals, the subtotal and "Go to checkout".
// A native modal <dialog>: the page behind is inert, Escape and a press on the backdrop close it,
// focus moves into it and back to what opened it. It is in the top layer, fixed to the viewport,
// so opening it never moves the page (decision 4001). Loaded on the first add only.
import {
  Button,
  formatPrice,
  priceLines,
  useCart,
  useMessages,
  useShopContext,
} from '@shop/shared';
import { useId, useMemo, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { readyLines } from '../catalog/readyLines';
import { useBasketLines } from '../catalog/useBasketLines';
import { messages } from '../messages';
import { MiniLines } from '../mini-basket/MiniLines';
import { useModalDialog } from './useModalDialog';
import './basket-drawer.css';

export interface BasketDrawerProps {
  open: boolean;
  /** The drawer has closed (Escape, the backdrop, a button or a link in it). */
  onClose: () => void;
  /** Where focus goes back to once it closes (the "Add to basket" button, else the basket link). */
  returnFocusTo: () => HTMLElement | null;
}

export default function BasketDrawer({ open, onClose, returnFocusTo }: BasketDrawerProps) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const cart = useCart();
  const { loading, lines } = useBasketLines(cart.products);
  const { productsTotal } = useMemo(() => priceLines(readyLines(lines), null), [lines]);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModalDialog(dialog, closeButton, { open, onClose, returnFocusTo });

  const close = () => dialog.current?.close();
  const empty = cart.products.length === 0;
  return (
    <dialog ref={dialog} className="cart-drawer" aria-labelledby={titleId}>
      <div className="cart-drawer__panel">
        <div className="cart-drawer__head">
          <h2 id={titleId} className="cart-drawer__title">
            {t('Your basket')} <span className="cart-drawer__count">({cart.totalQuantity})</span>
          </h2>
          <CloseButton buttonRef={closeButton} onClick={close} />
        </div>
        <div className="cart-drawer__body">
          {empty ? (
            <p className="cart-mini__empty">{t('Your basket is empty.')}</p>
          ) : (
            <MiniLines
              lines={lines}
              loading={loading}
              onNavigate={close}
              className="cart-drawer__lines"
            />
          )}
        </div>
        <div className="cart-drawer__foot">
          {empty ? null : (
            <p className="cart-mini__subtotal">
              <span>{t('Subtotal')}</span>
              <span data-testid="drawer-subtotal">
                {loading ? '...' : formatPrice(productsTotal, shop.market)}
              </span>
            </p>
          )}
          <Link
            to={shop.hrefFor('basket')}
            className="shop-button shop-button--primary shop-button--block"
            onClick={close}
          >
            {t('Go to checkout')}
          </Link>
          <Button variant="ghost" className="cart-drawer__continue" onClick={close}>
            {t('Continue shopping')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

function CloseButton({
  buttonRef,
  onClick,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
}) {
  const t = useMessages(messages);
  return (
    <button
      ref={buttonRef}
      type="button"
      className="cart-icon-button"
      aria-label={t('Close basket')}
      onClick={onClick}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}

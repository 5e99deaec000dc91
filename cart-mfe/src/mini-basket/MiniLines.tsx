// The basket's lines as the header's quick view and the basket drawer show them: each links to
// its product, with its size and colour, 'x{quantity}' and its line total, in the basket's order
// (the basket review's order too: both list `useBasketLines`, which keeps it).
import { formatPrice, lineKey, useMessages, useShopContext } from '@shop/shared';
import { messages } from '../messages';
import { Link } from 'react-router-dom';
import type { BasketLine } from '../catalog/productLines';

/** " (M, Moss)": the size and colour of a line, when it has them (its colour's name shown). */
export function lineDetails(line: {
  size?: string;
  colour?: string;
  colourLabel?: string;
}): string {
  const details = [line.size, line.colourLabel ?? line.colour].filter(Boolean).join(', ');
  return details ? ` (${details})` : '';
}

export function MiniLines({
  lines,
  loading,
  onNavigate,
  className,
}: {
  lines: readonly BasketLine[];
  loading: boolean;
  /** Called as a line's link is followed (the panel showing it closes). */
  onNavigate: () => void;
  className: string;
}) {
  const t = useMessages(messages);
  const shop = useShopContext();
  return (
    <ul className={`cart-mini__lines ${className}`}>
      {lines.map((entry) => (
        <li key={lineKey(entry.line)} className="cart-mini__line">
          {entry.status === 'ready' ? (
            <>
              <Link
                to={shop.hrefFor('product', { id: entry.line.id })}
                className="cart-mini__product"
                onClick={onNavigate}
              >
                <img src={entry.line.imageUrl} alt="" width={40} height={50} />
                <span className="cart-mini__name">
                  {entry.line.name}
                  {lineDetails(entry.line)}
                </span>
              </Link>
              <span className="cart-mini__qty">x{entry.line.quantity}</span>
              <span className="cart-mini__price">
                {formatPrice(entry.line.discountedPrice * entry.line.quantity, shop.market)}
              </span>
            </>
          ) : (
            <span className="cart-mini__name">
              {loading ? t('Loading...') : t('Product unavailable')} x{entry.line.quantity}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

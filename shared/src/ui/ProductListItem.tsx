// The main module's texts and market (one React context and one loaded catalogue per page): this
// part is bundled into each app that imports it (decision 1312; shared/CONTRACT.md §9b).
import { sharedMessages, useMessages } from '@shop/shared';
import { Link } from 'react-router-dom';
import { lineKey } from '../cart/cartDomain';
// The main module's: a copy bundled with this part would change a basket nobody shows.
import { cartActions } from '@shop/shared';
import type { PriceFormat } from '../pricing/pricing';
import type { ProductLine } from '../types';
import { Price } from './Price';
import { QuantitySelector } from './QuantitySelector';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface ProductListItemProps {
  product: ProductLine;
  /** The product's page (the catalog's address: the caller knows it, this package does not). */
  href: string;
  /**
   * In the basket the quantity is editable (1..10: its lines have a Remove button); elsewhere it
   * is shown as 'x{quantity}' (docs/product.md §2).
   */
  editable?: boolean;
  /** Called with the line key and the new quantity; defaults to cartActions.setQuantity. */
  onQuantityChange?: (key: string, quantity: number) => void;
  /** Image size in CSS pixels (width/height attributes keep the layout from jumping). */
  imageWidth?: number;
  imageHeight?: number;
  /** Rendered as an <li> by default; use 'div' outside lists. */
  as?: 'li' | 'div';
  /**
   * How soon its image loads: 'lazy' (default) when scrolled near; 'eager' at once, for a card
   * in a page's first row; 'first' at once and before other images, for the card whose image is
   * likely the page's largest paint.
   */
  imageLoading?: 'lazy' | 'eager' | 'first';
  /** What its prices are written in (a past order's currency; decision 5101); default US dollars. */
  market?: PriceFormat;
}

/** A product line: image, annotation, name, prices and quantity, linking to the product's page. */
export function ProductListItem({
  product,
  href,
  editable = false,
  onQuantityChange,
  imageWidth = 96,
  imageHeight = 120,
  as: Tag = 'li',
  imageLoading = 'lazy',
  market,
}: ProductListItemProps) {
  const t = useMessages(sharedMessages);
  const key = lineKey(product);
  // Shown by its name in the page's language; the line's colour stays its key (decision 5101).
  const colour = product.colourLabel ?? product.colour;
  const change = onQuantityChange ?? ((k: string, q: number) => cartActions.setQuantity(k, q));
  return (
    <Tag className="shop-product-item" data-line-key={key}>
      <Link to={href} className="shop-product-item__link">
        <img
          className="shop-product-item__image"
          src={product.imageUrl}
          // A line's alt names its colour (toProductLine); older stored lines get it added.
          alt={
            colour && !product.alt.toLowerCase().includes(colour.toLowerCase())
              ? `${product.alt}, in ${colour}`
              : product.alt
          }
          width={imageWidth}
          height={imageHeight}
          loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imageLoading === 'first' ? 'high' : undefined}
          decoding="async"
        />
        <span className="shop-product-item__text">
          <span className="shop-product-item__annotation">{product.annotation}</span>
          <span className="shop-product-item__name">{product.name}</span>
          {product.size && (
            <span className="shop-product-item__size">
              {t('Size: {size}', { size: product.size })}
            </span>
          )}
          {colour && (
            <span className="shop-product-item__size">{t('Colour: {colour}', { colour })}</span>
          )}
          <Price
            original={product.originalPrice}
            discounted={product.discountedPrice}
            {...(market ? { market } : {})}
          />
        </span>
      </Link>
      <div className="shop-product-item__quantity">
        {editable ? (
          <QuantitySelector
            value={product.quantity}
            label={t('Quantity of {item}', {
              item: `${product.name}${product.size ? t(', size {size}', { size: product.size }) : ''}${
                colour ? `, ${colour}` : ''
              }`,
            })}
            hideLabel
            min={1}
            onChange={(quantity) => change(key, quantity)}
          />
        ) : (
          <span aria-label={t('Quantity: {count}', { count: product.quantity })}>
            x{product.quantity}
          </span>
        )}
      </div>
    </Tag>
  );
}

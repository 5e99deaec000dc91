// The catalog's product cards: the shared ProductListItem (docs/product.md §2: link to /products/{id}, image
// with alt text, annotation, name, original and discounted price, 'x{quantity}'), laid out as a
// responsive grid. Outside the basket the quantity is read-only: here it is how many of the
// product the shopper already has in the basket, shown only once there is at least one.
import { productImageAlt } from '@shop/shared/catalog/imageAlt';
import { useCart, useMessages, type Cart, type ProductCard, type ProductLine } from '@shop/shared';
import { ProductListItem } from '@shop/shared/ui';
import { Skeleton } from '@shop/shared';
import './browse.css';
import { messages } from '../messages';

/** Card images are drawn at 4:5; width/height reserve the space so nothing jumps on load. */
export const CARD_IMAGE = { width: 480, height: 600 } as const;

function basketQuantities(cart: Cart): Map<string, number> {
  const byId = new Map<string, number>();
  for (const line of cart.products) byId.set(line.id, (byId.get(line.id) ?? 0) + line.quantity);
  return byId;
}

export function toProductLine(product: ProductCard, quantity: number): ProductLine {
  return {
    id: product.id,
    quantity,
    imageUrl: product.imageUrl,
    // The catalog's alt with its article right ("a rust trousers" reads "rust trousers").
    alt: productImageAlt(product.alt, product.colours),
    annotation: product.annotation,
    name: product.name,
    originalPrice: product.originalPrice,
    discountedPrice: product.discountedPrice,
  };
}

/**
 * The first row's images load at once (two columns on a phone, four on a wide screen) and the
 * phone's row first: one of them is the page's largest paint, which a lazy image would delay
 * until layout (Lighthouse's LCP at 2,000 products).
 */
const imageLoadingAt = (index: number) => (index < 2 ? 'first' : index < 4 ? 'eager' : 'lazy');

export interface ProductGridProps {
  products: readonly ProductCard[];
  /** Accessible name of the list, e.g. "Men's products". */
  label: string;
}

export function ProductGrid({ products, label }: ProductGridProps) {
  const inBasket = basketQuantities(useCart());
  return (
    <ul className="catalog-grid" aria-label={label}>
      {products.map((product, index) => {
        const quantity = inBasket.get(product.id) ?? 0;
        return (
          <li
            key={product.id}
            className={quantity > 0 ? 'catalog-card catalog-card--in-basket' : 'catalog-card'}
          >
            <ProductListItem
              href={`/products/${encodeURIComponent(product.id)}`}
              as="div"
              product={toProductLine(product, quantity)}
              imageWidth={CARD_IMAGE.width}
              imageHeight={CARD_IMAGE.height}
              imageLoading={imageLoadingAt(index)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder cards with the real cards' proportions, so the page keeps its shape while loading. */
export function ProductGridSkeleton({ count = 8, label }: { count?: number; label?: string }) {
  const t = useMessages(messages);
  return (
    <div role="status" aria-live="polite" className="catalog-grid-skeleton">
      <span className="shop-visually-hidden">{label ?? t('Loading products...')}</span>
      <ul className="catalog-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="catalog-card catalog-card--placeholder">
            <Skeleton className="catalog-card__image-placeholder" height="auto" />
            <Skeleton width="40%" height="0.75rem" />
            <Skeleton width="80%" height="1rem" />
            <Skeleton width="30%" height="1rem" />
          </li>
        ))}
      </ul>
    </div>
  );
}

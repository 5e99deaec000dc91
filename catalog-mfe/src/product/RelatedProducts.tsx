// "You may also like" under a product: the query service's suggestions (decision 3601) as the
// catalog's usual cards. Nothing is shown when there are none to suggest.
import type { ProductCard } from '@shop/shared';
import { ProductGrid } from '../browse/ProductGrid';

export const RELATED_TITLE = 'You may also like';

export function RelatedProducts({ products }: { products: readonly ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <section className="catalog-section catalog-related" aria-labelledby="catalog-related-title">
      <h2 id="catalog-related-title">{RELATED_TITLE}</h2>
      <ProductGrid products={products} label={RELATED_TITLE} />
    </section>
  );
}

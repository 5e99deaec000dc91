// "You may also like" under a product: the query service's suggestions (decision 3601) as the
// catalog's usual cards. Nothing is shown when there are none to suggest.
import type { ProductCard } from '@shop/shared';
import { ProductGrid } from '../browse/ProductGrid';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

export function RelatedProducts({ products }: { products: readonly ProductCard[] }) {
  const t = useMessages(messages);
  if (products.length === 0) return null;
  const title = t('You may also like');
  return (
    <section className="catalog-section catalog-related" aria-labelledby="catalog-related-title">
      <h2 id="catalog-related-title">{title}</h2>
      <ProductGrid products={products} label={title} />
    </section>
  );
}

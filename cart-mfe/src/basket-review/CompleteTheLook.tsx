// "Complete the look" under the basket's lines: a few products to go with them (at most
// COMPLETE_THE_LOOK_MAX), asked of the catalog's query service through the contract in @shop/shared
// (the cart never imports the catalog), never one already in the basket, never sold out. An extra:
// nothing is shown while they load, when there are none, or when the service is down, and the
// basket works the same.
import { useMessages, useShopContext } from '@shop/shared';
import { messages } from '../messages';
import type { ProductCard } from '@shop/shared';
import { fetchCompleteTheLook } from '@shop/shared/catalog/completeTheLook';
import { Price } from '@shop/shared/ui';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';

export function CompleteTheLook({ productIds }: { productIds: readonly string[] }) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const titleId = useId();
  // Asked again only when the basket's products change, not its quantities.
  const ids = [...new Set(productIds)].join('\n');
  const [found, setFound] = useState<{ for: string; products: ProductCard[] }>({
    for: '',
    products: [],
  });
  useEffect(() => {
    if (ids === '') return;
    const controller = new AbortController();
    fetchCompleteTheLook(ids.split('\n'), controller.signal, shop.market.id).then(
      (products) => setFound({ for: ids, products }),
      () => undefined, // aborted: a newer basket asks
    );
    return () => controller.abort();
  }, [ids, shop.market.id]);

  // A product just added from here is in the basket: it leaves the suggestions at once.
  const inBasket = new Set(productIds);
  const products = found.products.filter((product) => !inBasket.has(product.id));
  if (products.length === 0) return null;
  return (
    <section className="cart-look" aria-labelledby={titleId}>
      <h3 id={titleId} className="cart-look__title">
        {t('Complete the look')}
      </h3>
      <ul className="cart-look__list">
        {products.map((product) => (
          <li key={product.id} className="cart-look__item">
            <Link to={shop.hrefFor('product', { id: product.id })} className="cart-look__link">
              <img
                src={product.imageUrl}
                alt=""
                width={160}
                height={200}
                loading="lazy"
                decoding="async"
              />
              <span className="cart-look__name">{product.name}</span>
              <Price original={product.originalPrice} discounted={product.discountedPrice} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { formatPrice, useMarket, useMessages, type Product, type ProductCard } from '@shop/shared';
import { Price } from '@shop/shared/ui';
import { productImageAlt } from '@shop/shared/catalog/imageAlt';
import { useState } from 'react';
import { collectionLabel } from '../catalog/catalogApi';
import { colourLabel } from '../catalog/names';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { AddToBasketForm } from './AddToBasketForm';
import { RelatedProducts } from './RelatedProducts';
import '../ui/catalog.css';
import './product.css';
import { messages } from '../messages';

function savingPercent(product: Product): number {
  if (product.discountedPrice >= product.originalPrice || product.originalPrice <= 0) return 0;
  return Math.round((1 - product.discountedPrice / product.originalPrice) * 100);
}

export interface ProductPageData {
  title: string;
  /** The page's meta description (the shell reads it from the loader data). */
  description: string;
  /** The page's picture for link previews (Open Graph, Twitter; the shell server reads it). */
  image: string;
  /** The shop's origin, from the request: absolute addresses in the structured data, the same
   * on the server and in the browser. */
  origin: string;
  product: Product;
  /** Products to suggest below it ("You may also like"); empty when the service had none. */
  related: ProductCard[];
}

/**
 * schema.org Product with its offer in `currency` (the page's market's, decision 5101; US dollars
 * unless told), for search engines; `<` is escaped so it can't end the script. `origin` is the
 * market's (with its address prefix, "https://shop.example/de").
 */
export function productStructuredData(product: Product, origin: string, currency = 'USD'): string {
  const url = `${origin}/products/${encodeURIComponent(product.id)}`;
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    description: product.description,
    image: [new URL(product.imageUrl, origin).href],
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: currency,
      price: product.discountedPrice.toFixed(2),
      availability: 'https://schema.org/InStock',
    },
  }).replace(/</g, '\\u003c');
}

/** "About this piece": the description, the colours and the collection. */
function AboutProduct({ product }: { product: Product }) {
  const t = useMessages(messages);
  return (
    <section className="catalog-product__about" aria-labelledby="catalog-product-about">
      <h2 id="catalog-product-about">{t('About this piece')}</h2>
      <p>{product.description}</p>
      <dl className="catalog-product__facts">
        {product.colours.length > 0 && (
          <div>
            <dt>{t('Colours')}</dt>
            <dd>{product.colours.map((c) => colourLabel(product, c)).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{t('Collection')}</dt>
          <dd>{collectionLabel(product.collection, t)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function ProductPage({ product, origin, related }: ProductPageData) {
  const market = useMarket();
  const t = useMessages(messages);
  const saving = savingPercent(product);
  // The colour chosen for this product (the first one until the shopper picks another).
  const [choice, setChoice] = useState({ id: product.id, colour: '' });
  const colour =
    choice.id === product.id && choice.colour ? choice.colour : (product.colours[0] ?? '');
  return (
    <div className="catalog-page">
      <Breadcrumbs
        trail={[
          { label: t('Home'), to: '/' },
          { label: product.category === 'men' ? t('Men') : t('Women'), to: `/${product.category}` },
          { label: product.name },
        ]}
      />
      <script
        type="application/ld+json"
        // Structured data is JSON we build from catalog fields, with `<` escaped.
        dangerouslySetInnerHTML={{
          __html: productStructuredData(product, origin + market.pathPrefix, market.currency),
        }}
      />
      <article className="catalog-product">
        <div className="catalog-product__gallery">
          <img
            className="catalog-product__image"
            src={product.imageUrl}
            alt={productImageAlt(
              product.alt,
              product.colourLabels ?? product.colours,
              colourLabel(product, colour),
            )}
            width={800}
            height={1000}
            fetchPriority="high"
            decoding="async"
          />
          {saving > 0 && <span className="catalog-product__badge">−{saving}%</span>}
        </div>
        <div className="catalog-product__details">
          <p className="catalog-eyebrow">{product.annotation}</p>
          <h1 className="catalog-product__name">{product.name}</h1>
          <p className="catalog-product__price">
            <Price original={product.originalPrice} discounted={product.discountedPrice} />
          </p>
          {/* Beside the price where it includes VAT, with what shipping costs (decision 5101). */}
          {market.pricesIncludeTax ? (
            <p className="catalog-product__tax">
              {t('Incl. VAT, plus {fee} shipping', {
                fee: formatPrice(market.shippingFee, market),
              })}
            </p>
          ) : null}
          <AddToBasketForm
            key={product.id}
            product={product}
            colour={colour}
            onColourChange={(next) => setChoice({ id: product.id, colour: next })}
          />
          <AboutProduct product={product} />
        </div>
      </article>
      <RelatedProducts products={related} />
    </div>
  );
}

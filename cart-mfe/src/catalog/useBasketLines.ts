import {
  sharedMessages,
  useMarket,
  useMessages,
  type CartLine,
  type Product,
  type ProductLine,
} from '@shop/shared';
import { productImageAlt } from '@shop/shared/catalog/imageAlt';
import { useEffect, useMemo, useState } from 'react';
import { toProductLine } from '@shop/shared/cart/productLine';
import { stockWarning } from '@shop/shared/catalog/stock';
import { type BasketLine, type ProductLookup, lookupProduct } from './productLines';

/**
 * A line's colour named in the page's language when the product names its colours there
 * (decision 5101), its picture described with that name; the line's colour stays its key.
 */
function inLanguage(line: ProductLine, product: Product): ProductLine {
  const at = line.colour === undefined ? -1 : product.colours.indexOf(line.colour);
  const label = at === -1 ? undefined : product.colourLabels?.[at];
  if (label === undefined) return line;
  return {
    ...line,
    colourLabel: label,
    alt: productImageAlt(product.alt, product.colourLabels ?? product.colours, label),
  };
}

export interface BasketLinesState {
  /** True while a product of the basket has not been looked up yet. */
  loading: boolean;
  lines: BasketLine[];
}

/**
 * The basket's lines with their catalog data. Quantities follow the basket at once; only
 * products not seen before are looked up, so removing a line never blanks the others.
 */
export function useBasketLines(
  products: readonly CartLine[],
  /** How old a product read may be; the basket review asks afresh as it opens (stock). */
  maxAgeMs?: number,
): BasketLinesState {
  const market = useMarket();
  // The stock warnings are the shared package's words, in the page's language.
  const t = useMessages(sharedMessages);
  const [known, setKnown] = useState<ReadonlyMap<string, ProductLookup>>(() => new Map());
  const unknownIds = useMemo(
    () => [...new Set(products.map((p) => p.id))].filter((id) => !known.has(id)).join('|'),
    [products, known],
  );

  useEffect(() => {
    if (unknownIds === '') return;
    let live = true;
    const ids = unknownIds.split('|');
    Promise.all(ids.map((id) => lookupProduct(id, maxAgeMs, market))).then((lookups) => {
      if (!live) return;
      setKnown((previous) => {
        const next = new Map(previous);
        ids.forEach((id, i) => next.set(id, lookups[i] as ProductLookup));
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [unknownIds, maxAgeMs, market]);

  return useMemo(() => {
    // Colours of one size draw on one count (decision 1406): a line is measured with its siblings.
    const sameSize = (line: CartLine) =>
      products
        .filter((other) => other.id === line.id && (other.size ?? '') === (line.size ?? ''))
        .reduce((sum, other) => sum + other.quantity, 0);
    const lines = products.map((line): BasketLine => {
      const lookup = known.get(line.id);
      if (lookup?.status === 'found')
        return {
          status: 'ready',
          line: inLanguage(toProductLine(line, lookup.product), lookup.product),
          stockWarning: stockWarning(lookup.product, line.size, sameSize(line), t),
        };
      return { status: lookup?.status === 'missing' ? 'missing' : 'error', line };
    });
    return { loading: unknownIds !== '', lines };
  }, [products, known, unknownIds, t]);
}

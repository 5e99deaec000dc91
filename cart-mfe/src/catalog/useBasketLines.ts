import type { CartLine } from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import { type BasketLine, loadBasketLines } from './productLines';

export interface BasketLinesState {
  /** True until the catalog data of the current lines has arrived. */
  loading: boolean;
  lines: BasketLine[];
}

/**
 * The basket's lines with their catalog data. Quantities follow the basket at once; the catalog
 * is asked again only when the set of products changes.
 */
export function useBasketLines(products: readonly CartLine[]): BasketLinesState {
  const ids = useMemo(() => [...new Set(products.map((p) => p.id))].sort().join('|'), [products]);
  const [loaded, setLoaded] = useState<{ ids: string; lines: BasketLine[] } | null>(null);

  useEffect(() => {
    let live = true;
    loadBasketLines(products).then((lines) => {
      if (live) setLoaded({ ids, lines });
    });
    return () => {
      live = false;
    };
    // Reload only when the products change; quantities are merged below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  return useMemo(() => {
    if (!loaded || loaded.ids !== ids) return { loading: products.length > 0, lines: [] };
    const byProduct = new Map(loaded.lines.map((l) => [l.line.id, l]));
    const lines = products.map((cartLine): BasketLine => {
      const known = byProduct.get(cartLine.id);
      if (!known) return { status: 'error', line: cartLine };
      if (known.status !== 'ready') return { status: known.status, line: cartLine };
      const line = { ...known.line, quantity: cartLine.quantity };
      if (cartLine.size) line.size = cartLine.size;
      else delete line.size;
      return { status: 'ready', line };
    });
    return { loading: false, lines };
  }, [loaded, ids, products]);
}

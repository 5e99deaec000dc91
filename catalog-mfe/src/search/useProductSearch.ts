// The search engine, loaded the first time a page actually searches (never with the first page of
// the shop: the library is a chunk of its own, decision 1502). Until it has arrived the search is
// `pending`; if it cannot be loaded, the pages fall back to matching product names.
import type { Product } from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import type { ProductSearch, createProductSearch } from './productSearch';

/** What the engine's chunk provides (a type-only import: the module stays out of this chunk). */
interface SearchModule {
  createProductSearch: typeof createProductSearch;
}

let loaded: SearchModule | null = null;
let loading: Promise<SearchModule> | null = null;

/** The engine's module; a failed load is forgotten, so the next search asks again. */
export function loadProductSearch(): Promise<SearchModule> {
  loading ??= import(/* webpackChunkName: "product-search" */ './productSearch').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** One index per product list (lists come from loaders and are kept as they are). */
const indexes = new WeakMap<readonly Product[], ProductSearch>();

function indexOf(module: SearchModule, products: readonly Product[]): ProductSearch {
  let index = indexes.get(products);
  if (!index) {
    index = module.createProductSearch(products);
    indexes.set(products, index);
  }
  return index;
}

export interface ProductSearchState {
  /** The matching ids, best first; null when there is no search or no engine (yet). */
  ranking: string[] | null;
  /** A search was asked and the engine is still on its way. */
  pending: boolean;
}

export function useProductSearch(products: readonly Product[], text: string): ProductSearchState {
  const wanted = text.trim() !== '';
  const [module, setModule] = useState<SearchModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadProductSearch().then(
      (m) => {
        if (live) setModule(m);
      },
      (error: unknown) => {
        console.warn('[catalog] search unavailable, matching names only:', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  const ranking = useMemo(
    () => (wanted && module ? indexOf(module, products).search(text) : null),
    [wanted, module, products, text],
  );
  return { ranking, pending: wanted && !module && !failed };
}

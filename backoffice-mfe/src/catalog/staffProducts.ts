// The catalog as staff list and change it, through the `staffProducts`, `staffProduct` and
// `updateProduct` functions (decision 5208): a page of products at a time, and a change sent with
// the version it was made on, so it never overwrites one it did not see.
import type {
  ProductChanges,
  StaffProductAnswer,
  StaffProductsAnswer,
} from '@shop/shared/staff/productChanges';
import { callStaffFunction, type StaffAnswer } from '../staff/staffApi';

export interface ProductFilters {
  q?: string;
  after?: string;
}

const ID_START = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * What a member typed as the start of an id: products' ids are their names' slugs, so "Cable
 * knit" finds `cable-knit-sweater` (lower case, a dash for each run of other characters).
 */
export const idStartOf = (typed: string): string =>
  typed
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 128);

/** The list's filters from its address; what cannot start an id is left out. */
export function productFiltersFrom(url: URL): ProductFilters {
  const q = idStartOf(url.searchParams.get('q') ?? '');
  const after = url.searchParams.get('after') ?? '';
  return {
    ...(q ? { q } : {}),
    ...(ID_START.test(after) ? { after } : {}),
  };
}

export const loadProductPage = (
  filters: ProductFilters,
): Promise<StaffAnswer<StaffProductsAnswer>> =>
  callStaffFunction<StaffProductsAnswer>('staffProducts', { query: { ...filters } });

export const loadStaffProduct = (id: string): Promise<StaffAnswer<StaffProductAnswer>> =>
  callStaffFunction<StaffProductAnswer>('staffProduct', { query: { id } });

/** The product form's answer: saved, or the function's refusal in its own words. */
export type ProductFormAnswer = { ok: true; message: string } | { ok: false; message: string };

export const updateProduct = (
  id: string,
  version: string,
  changes: ProductChanges,
): Promise<StaffAnswer<StaffProductAnswer>> =>
  callStaffFunction<StaffProductAnswer>('updateProduct', { body: { id, version, changes } });

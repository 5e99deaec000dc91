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

/** The list's filters from its address; what is not (the start of) an id is left out. */
export function productFiltersFrom(url: URL): ProductFilters {
  const read = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? '';
    return ID_START.test(value) ? value : undefined;
  };
  const q = read('q')?.toLowerCase();
  const after = read('after');
  return { ...(q ? { q } : {}), ...(after ? { after } : {}) };
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

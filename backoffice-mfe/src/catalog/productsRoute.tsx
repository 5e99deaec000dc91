// Route module "./catalog" (/backoffice/products): the catalog's products by id, on sale or not,
// 25 a page, found by the start of their id.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { ProductsPage } from './ProductsPage';
import { loadProductPage, productFiltersFrom } from './staffProducts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await requireSignedInStaff(request, context);
  const filters = productFiltersFrom(new URL(request.url));
  if (check.kind !== 'member') return { filters, page: null };
  return { filters, page: await loadProductPage(filters) };
}

export const handle = { title: 'Products' };
export const Component = ProductsPage;

// Route module "./catalog-product" (/backoffice/products/:id): one product's price, discount, stock per
// size and whether it is on sale, changed through the editing function with its version.
import type { ProductChanges } from '@shop/shared/staff/productChanges';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { ProductPage } from './ProductPage';
import { loadStaffProduct, updateProduct, type ProductFormAnswer } from './staffProducts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const check = await requireSignedInStaff(request, context);
  const id = params.id ?? '';
  if (check.kind !== 'member') return { id, roles: [], view: null };
  return { id, roles: check.member.roles, view: await loadStaffProduct(id) };
}

/** The form sends `{ version, changes }` as JSON (only the fields it changed). */
export async function action({ request, params }: ActionFunctionArgs): Promise<ProductFormAnswer> {
  const { version, changes } = (await request.json()) as {
    version: string;
    changes: ProductChanges;
  };
  const answer = await updateProduct(params.id ?? '', version, changes);
  return answer.ok ? { ok: true, message: 'Saved. The shop shows it within seconds.' } : answer;
}

export const handle = { title: 'Product' };
export const Component = ProductPage;

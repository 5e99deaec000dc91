// Route module "./orders" (/backoffice/orders): a page of the shop's orders, newest first, with the
// filters of its address (status, dates, a number or an e-mail).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { filtersFrom, loadOrderPage } from './staffOrders';
import { OrdersPage } from './OrdersPage';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await requireSignedInStaff(request, context);
  const filters = filtersFrom(new URL(request.url));
  if (check.kind !== 'member') return { filters, page: null };
  return { filters, page: await loadOrderPage(filters) };
}

export const handle = { title: 'Orders' };
export const Component = OrdersPage;

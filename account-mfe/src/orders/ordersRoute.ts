// Loaders of /account/orders and /account/orders/:orderId (docs/product.md §2; the reads are ours: §7 says
// "not shown"). Both read users/validated/{accountUid}/userOrders with the account's token.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadOrder, loadOrders } from '../data/accountRecords';
import { requireAccountUid } from '../session/accountSession';

export async function ordersLoader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  return { orders: loadOrders(uid) };
}

export async function orderDetailLoader({ request, params }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  const orderId = params.orderId ?? '';
  return { orderId, order: loadOrder(uid, orderId) };
}

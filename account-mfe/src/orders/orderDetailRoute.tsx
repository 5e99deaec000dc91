// Route module "./order-detail" (/account/orders/:orderId). The loader of /account/orders/:orderId
// (docs/product.md §2; the reads are ours: §7 says "not shown"): the order at
// users/validated/{accountUid}/userOrders/{orderId}, read with the account's token.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadOrder } from '../data/accountRecords';
import { requireAccountUid } from '../session/accountSession';
import { OrderDetailPage } from './OrderDetailPage';
import { messages } from '../messages';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  const orderId = params.orderId ?? '';
  return { uid, orderId, order: loadOrder(uid, orderId) };
}

export const handle = { title: 'Order', messages };
export const Component = OrderDetailPage;

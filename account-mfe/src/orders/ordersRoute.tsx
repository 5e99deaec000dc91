// Route module "./orders" (/account/orders). The loader of /account/orders (docs/product.md §2; the
// reads are ours: §7 says "not shown"): the account's orders at
// users/validated/{accountUid}/userOrders, read with the account's token.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadOrders } from '../data/accountRecords';
import { requireAccountUid } from '../session/accountSession';
import { OrdersPage } from './OrdersPage';
import { messages } from '../messages';

export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  return { orders: loadOrders(uid) };
}

export const handle = { title: 'Orders', messages };
export const Component = OrdersPage;

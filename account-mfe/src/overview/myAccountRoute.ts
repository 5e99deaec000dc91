// Loader of /account/myaccount: the account's email and its orders (the overview shows the newest).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadOrders } from '../data/accountRecords';
import { requireAccountUid } from '../session/accountSession';

export async function myAccountLoader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  return { orders: loadOrders(uid) };
}

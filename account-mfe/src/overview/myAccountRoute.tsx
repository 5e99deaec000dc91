// Route module "./my-account" (/account/myaccount). Loader of /account/myaccount: the account's
// email and its orders (the overview shows the newest).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadOrders } from '../data/accountRecords';
import { requireAccountUid } from '../session/accountSession';
import { MyAccountPage } from './MyAccountPage';
import { messages } from '../messages';

export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  return { orders: loadOrders(uid) };
}

export const handle = { title: 'My account', messages };
export const Component = MyAccountPage;

// Route module "./account-layout" (/account): the guard and the account navigation. The /account
// layout's loader: the guard for every account page. A visitor who is not signed in goes to the
// sign-in page, which sends them back here afterwards (`next`).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireAccountUid } from '../session/accountSession';
import { AccountLayout } from './AccountLayout';
import { messages } from '../messages';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccountUid(request);
  return null;
}

export const handle = { title: 'Account', messages };
export const Component = AccountLayout;

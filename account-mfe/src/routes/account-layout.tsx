// Exposed route module './account-layout' (/account): the guard and the account navigation.
import { AccountLayout } from '../layout/AccountLayout';
import { accountLayoutLoader } from '../layout/accountLayoutRoute';

export const handle = { title: 'Account' };
export const loader = accountLayoutLoader;
export const Component = AccountLayout;

// Exposed route module './my-account' (/account/myaccount).
import { MyAccountPage } from '../overview/MyAccountPage';
import { myAccountLoader } from '../overview/myAccountRoute';

export const handle = { title: 'My account' };
export const loader = myAccountLoader;
export const Component = MyAccountPage;

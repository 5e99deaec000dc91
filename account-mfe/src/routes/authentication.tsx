// Exposed route module './authentication' (/authentication).
import { AuthenticationPage } from '../authentication/AuthenticationPage';
import { authenticationAction, authenticationLoader } from '../authentication/authenticationRoute';
import { authPageModeFrom, authPageTitle } from '../authentication/authMode';
import '../styles/account.css';

export const handle = {
  // The title follows the mode (read when the shell sets the title).
  get title() {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    return authPageTitle(authPageModeFrom(new URLSearchParams(search).get('mode')));
  },
};
export const loader = authenticationLoader;
export const action = authenticationAction;
export const Component = AuthenticationPage;

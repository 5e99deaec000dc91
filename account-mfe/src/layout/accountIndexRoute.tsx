// Route module "./account-index": /account itself leads to the overview (the layout's index page).
// The data of /account itself (the layout's index page): it leads to the overview.
import { redirect } from 'react-router-dom';
import { ACCOUNT_PATHS } from '../routes/ownPaths';
import { messages } from '../messages';

export function loader() {
  return redirect(ACCOUNT_PATHS.myAccount);
}

export const handle = { title: 'My account', messages };

export function Component() {
  return null;
}

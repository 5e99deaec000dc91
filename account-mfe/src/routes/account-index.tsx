// Exposed as `./account-index`: /account itself leads to the overview (the layout's index page).
import { redirect } from 'react-router-dom';

export const handle = { title: 'My account' };

export function loader() {
  return redirect('/account/myaccount');
}

export function Component() {
  return null;
}

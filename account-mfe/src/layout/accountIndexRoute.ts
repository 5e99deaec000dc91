// The data of /account itself (route module "./account-index", the layout's index page): it
// leads to the overview.
import { redirect } from 'react-router-dom';

export function accountIndexLoader() {
  return redirect('/account/myaccount');
}

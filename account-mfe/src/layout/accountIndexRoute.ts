// The data of /account itself (route module "./account-index", the layout's index page): it
// leads to the overview.
import { redirect } from 'react-router-dom';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

export function accountIndexLoader() {
  return redirect(ACCOUNT_PATHS.myAccount);
}

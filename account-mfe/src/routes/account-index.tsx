// Exposed as `./account-index`: /account itself leads to the overview (the layout's index page).
import { accountIndexLoader } from '../layout/accountIndexRoute';

export const handle = { title: 'My account' };
export const loader = accountIndexLoader;

export function Component() {
  return null;
}

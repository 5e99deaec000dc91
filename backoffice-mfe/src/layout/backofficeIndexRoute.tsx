// Route module "./backoffice-index" (/backoffice): the back office opens on its orders.
import { redirect } from 'react-router-dom';
import { BACKOFFICE_PATHS } from '../routes/ownPaths';

export function loader() {
  return redirect(BACKOFFICE_PATHS.orders);
}

export const handle = { title: 'Back office' };
export function Component() {
  return null;
}

// Route module "./backoffice-layout" (/backoffice): the guard of every back-office page (a
// signed-in staff member; a visitor goes to the sign-in page and comes back) and its navigation.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { BackofficeLayout } from './BackofficeLayout';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return requireSignedInStaff(request, context);
}

export const handle = { title: 'Back office' };
export const Component = BackofficeLayout;

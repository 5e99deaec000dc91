// Route module "./dashboard" (/backoffice/dashboard): one day's orders, revenue and units, and the
// sizes about to sell out, as the `staffDashboard` function sums them (decision 5207).
import type { StaffDashboardAnswer } from '@shop/shared/staff/staffVocabulary';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ISO_DAY } from '../orders/staffOrders';
import { callStaffFunction } from '../staff/staffApi';
import { requireSignedInStaff } from '../staff/staffMember';
import { DashboardPage } from './DashboardPage';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const check = await requireSignedInStaff(request, context);
  const asked = new URL(request.url).searchParams.get('day') ?? '';
  const day = ISO_DAY.test(asked) ? asked : undefined;
  if (check.kind !== 'member') return { day, dashboard: null };
  return {
    day,
    dashboard: await callStaffFunction<StaffDashboardAnswer>('staffDashboard', {
      query: { day },
    }),
  };
}

export const handle = { title: 'Dashboard' };
export const Component = DashboardPage;

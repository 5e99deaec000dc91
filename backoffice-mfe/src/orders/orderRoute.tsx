// Route module "./order" (/backoffice/orders/:number): one order as staff see it, with its audit
// trail, and the form that moves it on (through the status function, decision 5201).
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { OrderPage } from './OrderPage';
import { changeOrderStatus, loadStaffOrder, type StatusFormAnswer } from './staffOrders';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const check = await requireSignedInStaff(request, context);
  const number = (params.number ?? '').toUpperCase();
  if (check.kind !== 'member') return { number, roles: [], view: null };
  return { number, roles: check.member.roles, view: await loadStaffOrder(number) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export async function action({ request, params }: ActionFunctionArgs): Promise<StatusFormAnswer> {
  const form = await request.formData();
  const to = text(form, 'to');
  const from = text(form, 'from');
  if (!to || !from) return { ok: false, message: 'Choose the status the order moves to.' };
  const answer = await changeOrderStatus({
    number: params.number ?? '',
    from,
    to,
    carrier: text(form, 'carrier'),
    tracking: text(form, 'tracking'),
    note: text(form, 'note'),
  });
  return answer.ok ? { ok: true, message: 'The order was updated.' } : answer;
}

export const handle = { title: 'Order' };
export const Component = OrderPage;

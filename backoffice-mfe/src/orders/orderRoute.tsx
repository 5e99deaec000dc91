// Route module "./order" (/backoffice/orders/:number): one order as staff see it, with its audit
// trail, and the form that moves it on (through the status function, decision 5201).
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { requireSignedInStaff } from '../staff/staffMember';
import { OrderPage } from './OrderPage';
import { isCurrency, toMinorUnits } from '@shop/shared/payments/money';
import { REFUND_INTENT } from './RefundForm';
import {
  changeOrderStatus,
  loadStaffOrder,
  refundOrder,
  type StatusFormAnswer,
} from './staffOrders';

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

/** A refund's amount as typed ("12.50") in minor units of the order's currency; null when not one. */
function refundAmount(form: FormData): number | null {
  const currency = text(form, 'currency');
  const amount = Number(text(form, 'amount'));
  if (!isCurrency(currency) || !Number.isFinite(amount) || amount <= 0) return null;
  return toMinorUnits(amount, currency);
}

export async function action({ request, params }: ActionFunctionArgs): Promise<StatusFormAnswer> {
  const form = await request.formData();
  if (text(form, 'intent') === REFUND_INTENT) {
    const amount = refundAmount(form);
    if (amount === null) return { ok: false, message: 'Give the amount to refund, above 0.' };
    const refunded = await refundOrder(params.number ?? '', amount);
    return refunded.ok ? { ok: true, message: 'The refund was made.' } : refunded;
  }
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

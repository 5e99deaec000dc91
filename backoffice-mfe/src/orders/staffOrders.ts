// The orders as staff list and open them, through the `staffOrders` and `staffOrder` functions
// (decision 5204): a page of the order index at a time, newest first, never the whole history.
import { ORDER_STATUSES, isOrderStatus } from '@shop/shared/order/orderVocabulary';
import type { StaffOrderAnswer, StaffOrdersAnswer } from '@shop/shared/staff/staffVocabulary';
import { callStaffFunction, type StaffAnswer } from '../staff/staffApi';

/** The list's filters, as its address carries them (a filtered list can be bookmarked). */
export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  before?: string;
}

/** A day as the date fields and the functions write it. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of `url`; a value the list cannot use is left out rather than sent. */
export function filtersFrom(url: URL): OrderFilters {
  const read = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const status = read('status');
  const from = read('from');
  const to = read('to');
  return {
    ...(status && isOrderStatus(status) ? { status } : {}),
    ...(from && ISO_DAY.test(from) ? { from } : {}),
    ...(to && ISO_DAY.test(to) ? { to } : {}),
    ...(read('q') ? { q: read('q') } : {}),
    ...(read('before') ? { before: read('before') } : {}),
  };
}

export const STATUS_CHOICES = ORDER_STATUSES;

export const loadOrderPage = (filters: OrderFilters): Promise<StaffAnswer<StaffOrdersAnswer>> =>
  callStaffFunction<StaffOrdersAnswer>('staffOrders', { query: { ...filters } });

export const loadStaffOrder = (number: string): Promise<StaffAnswer<StaffOrderAnswer>> =>
  callStaffFunction<StaffOrderAnswer>('staffOrder', { query: { number } });

export interface StatusChange {
  number: string;
  from: string;
  to: string;
  carrier?: string;
  tracking?: string;
  note?: string;
}

/** The status form's answer: what changed, or the function's refusal in its own words. */
export type StatusFormAnswer = { ok: true; message: string } | { ok: false; message: string };

export const changeOrderStatus = (change: StatusChange): Promise<StaffAnswer<unknown>> =>
  callStaffFunction('changeOrderStatus', { body: change });

/** Gives back `amount` minor units of a card order's payment (admins; decision 5301). */
export const refundOrder = (number: string, amount: number): Promise<StaffAnswer<unknown>> =>
  callStaffFunction('refundOrder', { body: { number, amount } });

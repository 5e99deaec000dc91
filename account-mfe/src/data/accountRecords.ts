// Reads and writes of the signed-in account's record (users/validated/{accountUid}). Every
// function resolves (never rejects) to a result, because loaders hand these promises to <Await>
// and a page that is redirected away must not leave an unhandled rejection behind.
import { ORDER_PERSONAL_FIELDS, getData, setData } from '@shop/shared';
import type { PersonalInformation, StoredOrder } from '@shop/shared';
import { ORDER_PATHS, isOrderKey } from '@shop/shared/order/orderVocabulary';

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The personal fields in the checkout form's order (name, email, phone, then the address), the
 * one list in shared: listed alphabetically, Name came after Email.
 */
export const PERSONAL_INFORMATION_FIELDS = ORDER_PERSONAL_FIELDS;

export type PersonalInformationField = (typeof PERSONAL_INFORMATION_FIELDS)[number];

export const EMPTY_PERSONAL_INFORMATION: PersonalInformation = {
  address: '',
  city: '',
  country: '',
  email: '',
  name: '',
  tel: '',
  zipCode: '',
};

const accountPath = (uid: string, part: string) => `users/validated/${uid}/${part}`;

export async function loadAccountEmail(uid: string): Promise<Loaded<string>> {
  const result = await getData<{ email?: string }>(accountPath(uid, 'credentials'));
  if (result.status !== 200) return { ok: false, error: result.error.message };
  return { ok: true, value: result.response?.email ?? '' };
}

export async function loadPersonalInformation(uid: string): Promise<Loaded<PersonalInformation>> {
  const result = await getData<Partial<PersonalInformation>>(ORDER_PATHS.personalInformation(uid));
  if (result.status !== 200) return { ok: false, error: result.error.message };
  const stored = result.response ?? {};
  const value = { ...EMPTY_PERSONAL_INFORMATION };
  for (const field of PERSONAL_INFORMATION_FIELDS) {
    const v = stored[field];
    if (typeof v === 'string') value[field] = v;
  }
  return { ok: true, value };
}

/** Saves one field; PATCH merges it into the stored record (docs/product.md §7). */
export async function savePersonalInformationField(
  uid: string,
  field: PersonalInformationField,
  value: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const result = await setData(ORDER_PATHS.personalInformation(uid), { [field]: value }, 'PATCH');
  if (result.status === 200) return { ok: true };
  // docs/product.md §8: the error code, or the message when there is none.
  return { ok: false, error: result.error.code || result.error.message };
}

/** The account's orders, newest first. */
export async function loadOrders(uid: string): Promise<Loaded<StoredOrder[]>> {
  const result = await getData<Record<string, StoredOrder>>(ORDER_PATHS.accountOrders(uid));
  if (result.status !== 200) return { ok: false, error: result.error.message };
  const orders = Object.entries(result.response ?? {}).map(([key, order]) => ({
    ...order,
    id: order.id || key,
    // Lines are a list on the client; the database may hand a list back as a keyed map.
    products: Object.values(order.products ?? {}),
  }));
  orders.sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0));
  return { ok: true, value: orders };
}

/** One order, or null when this account has no order under that key. */
export async function loadOrder(uid: string, orderId: string): Promise<Loaded<StoredOrder | null>> {
  // Anything but a push id (a '/', a '.', another length) cannot be an order key.
  if (!isOrderKey(orderId)) return { ok: true, value: null };
  const result = await getData<StoredOrder>(ORDER_PATHS.accountOrder(uid, orderId));
  if (result.status !== 200) return { ok: false, error: result.error.message };
  const order = result.response;
  if (!order) return { ok: true, value: null };
  return {
    ok: true,
    value: { ...order, id: order.id || orderId, products: Object.values(order.products ?? {}) },
  };
}

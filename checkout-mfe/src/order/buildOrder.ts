// The order as stored (shared StoredOrder; its paths are the shared order vocabulary,
// ORDER_PATHS). The order function writes it (decision 1401); the checkout reads it back. The database
// drops nulls, and the rules want every discount field present, so an
// order without a code stores discountType ''; reading an order back turns '' into null.
import {
  type CartDiscount,
  type DiscountType,
  NO_DISCOUNT,
  type ProductLine,
  type StoredOrder,
} from '@shop/shared';
import { isCurrency } from '@shop/shared/payments/money';

/** The order body as stored: StoredOrder with the database's spelling of "no discount type". */
export type OrderRecord = Omit<StoredOrder, 'discount'> & {
  discount: Omit<CartDiscount, 'discountType'> & { discountType: DiscountType | '' };
};

/** An order read back from the database, in the shape the screens use. */
export function fromOrderRecord(raw: unknown): StoredOrder | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Partial<OrderRecord> & { products?: unknown };
  if (typeof record.id !== 'string') return null;
  // Arrays come back as arrays, or as maps when the server chose to ("0", "1", ...).
  const products = Array.isArray(record.products)
    ? record.products
    : record.products && typeof record.products === 'object'
      ? Object.values(record.products)
      : [];
  const discount = record.discount ?? { ...NO_DISCOUNT, discountType: '' };
  const placed = record as {
    number?: unknown;
    status?: unknown;
    currency?: unknown;
    market?: unknown;
  };
  return {
    id: record.id,
    ...(typeof placed.number === 'string' ? { number: placed.number } : {}),
    ...(typeof placed.status === 'string' ? { status: placed.status } : {}),
    // Its currency and market (decision 5101); an order without them is a US dollar order.
    ...(isCurrency(placed.currency) ? { currency: placed.currency } : {}),
    ...(typeof placed.market === 'string' ? { market: placed.market } : {}),
    timestamp: Number(record.timestamp) || 0,
    products: products.filter((p): p is ProductLine => !!p && typeof p === 'object'),
    discount: {
      isDiscount: Boolean(discount.isDiscount),
      discountType: discount.discountType === '' ? null : (discount.discountType ?? null),
      discountCode: discount.discountCode ?? '',
      ...(discount.amounts && typeof discount.amounts === 'object'
        ? { amounts: discount.amounts }
        : {}),
    },
    totalPrice: Number(record.totalPrice) || 0,
    totalQuantity: Number(record.totalQuantity) || 0,
    shipment: Number(record.shipment) || 0,
    paymentMethod: record.paymentMethod ?? '',
    personalInformation: {
      address: '',
      city: '',
      country: '',
      email: '',
      name: '',
      tel: '',
      zipCode: '',
      ...(record.personalInformation ?? {}),
    },
  };
}

// A shopper's details and a stored order as the order function writes it, for the checkout's tests.
import type { PersonalInformation, StoredOrder } from '@shop/shared';
import { PRODUCTS } from '@shop/shared/testing';

/** A shopper's valid details (docs/product.md §5), as the details form sends them and an order keeps them. */
export const SAMPLE_PERSONAL_INFORMATION: PersonalInformation = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  tel: '+48 123 456 789',
  address: '12 Analytical Street',
  city: 'London',
  zipCode: 'N1 9GU',
  country: 'United Kingdom',
};

/** A product of the test catalog as an order line keeps it (without its size and quantity). */
export function asOrdered(product: keyof typeof PRODUCTS) {
  const { id, name, imageUrl, alt, annotation, originalPrice, discountedPrice } = PRODUCTS[product];
  return { id, name, imageUrl, alt, annotation, originalPrice, discountedPrice };
}

export const SAMPLE_ORDER_KEY = '-OrderKeyForTests001';

export const SAMPLE_ORDER: StoredOrder = {
  id: SAMPLE_ORDER_KEY,
  timestamp: 1_763_800_000_000,
  products: [
    { ...asOrdered('linen-shirt'), size: 'M', quantity: 2 },
    { ...asOrdered('trail-sneaker'), quantity: 1 },
  ],
  discount: { isDiscount: true, discountType: 10, discountCode: 'SAVE10' },
  totalPrice: 189.99,
  totalQuantity: 3,
  shipment: 9.99,
  paymentMethod: 'cash on delivery',
  personalInformation: SAMPLE_PERSONAL_INFORMATION,
};

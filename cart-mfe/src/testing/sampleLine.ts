// A basket line for the cart's unit tests: two tees at a reduced price.
import type { ProductLine } from '@shop/shared';

export const SAMPLE_TEE: Readonly<ProductLine> = {
  id: 'p1',
  quantity: 2,
  size: 'M',
  imageUrl: '/tee.jpg',
  alt: 'A tee',
  annotation: '',
  name: 'Tee',
  originalPrice: 20,
  discountedPrice: 15,
};

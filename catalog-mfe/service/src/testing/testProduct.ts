// A product for the service's tests: every field set, the asked ones changed.
import type { Product } from '@shop/shared';

export const testProduct = (id: string, fields: Partial<Product> = {}): Product => ({
  id,
  name: id,
  imageUrl: `/images/products/${id}.svg`,
  alt: id,
  annotation: '',
  originalPrice: 100,
  discountedPrice: 100,
  description: '',
  category: 'men',
  collection: 'fall',
  type: 'sneakers',
  sizes: ['41', '42'],
  colours: ['Black'],
  createdAt: 1,
  ...fields,
});

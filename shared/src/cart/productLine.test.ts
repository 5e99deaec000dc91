import type { Product } from '../types';
import { toProductLine } from './productLine';

const product: Product = {
  id: 'p1',
  name: 'Trail Runner',
  imageUrl: '/images/products/p1.svg',
  alt: 'Grey trail sneaker',
  annotation: 'Sneakers',
  originalPrice: 120,
  discountedPrice: 89.99,
  description: 'Light.',
  category: 'men',
  collection: 'spring',
  sizes: ['42'],
  colours: ['grey'],
  createdAt: 1,
};

test('takes the quantity and size from the basket and everything shown from the catalog', () => {
  expect(toProductLine({ id: 'p1', quantity: 2, size: '42' }, product)).toEqual({
    id: 'p1',
    quantity: 2,
    size: '42',
    imageUrl: '/images/products/p1.svg',
    alt: 'Grey trail sneaker',
    annotation: 'Sneakers',
    name: 'Trail Runner',
    originalPrice: 120,
    discountedPrice: 89.99,
  });
});

test('a line without a size has no size field (the database drops empty values)', () => {
  expect(toProductLine({ id: 'p1', quantity: 1 }, product)).not.toHaveProperty('size');
});

test("the picture's alt names the line's colour, with the right article", () => {
  const top = {
    ...product,
    alt: 'Illustration of the Linen Top: a white top',
    colours: ['White', 'Olive'],
  };
  expect(toProductLine({ id: 'p1', quantity: 1, colour: 'Olive' }, top).alt).toBe(
    'Illustration of the Linen Top: an olive top',
  );
  expect(toProductLine({ id: 'p1', quantity: 1, colour: 'White' }, top).alt).toBe(
    'Illustration of the Linen Top: a white top',
  );
});

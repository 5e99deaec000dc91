import { editableProductOf } from '../catalog/productRecord';
import { ONE_SIZE } from '../catalog/stock';
import { applyProductChanges, checkProductChanges, stockSizesOf } from './productChanges';

const BOOT = {
  name: 'Chelsea boot',
  originalPrice: 180,
  discountedPrice: 150,
  sizes: ['41', '42'],
  stock: { '41': 3, '42': 10 },
};
const boot = editableProductOf(BOOT)!;

it('reads what staff edit, on sale unless it says published: false', () => {
  expect(boot).toEqual({ ...BOOT, published: true });
  expect(editableProductOf({ ...BOOT, published: false })?.published).toBe(false);
  expect(editableProductOf({ name: '' })).toBeNull();
});

it('counts stock per size, or under one size without a size choice', () => {
  expect(stockSizesOf(boot)).toEqual(['41', '42']);
  expect(stockSizesOf({ sizes: [] })).toEqual([ONE_SIZE]);
});

it('accepts a change it can make, typed', () => {
  expect(
    checkProductChanges(boot, {
      originalPrice: 199.99,
      discountedPrice: null,
      stock: { '42': 0 },
      published: false,
    }),
  ).toEqual({
    ok: true,
    changes: { originalPrice: 199.99, discountedPrice: null, stock: { '42': 0 }, published: false },
  });
});

it('names every problem of a change, by field (and size)', () => {
  const checked = checkProductChanges(boot, {
    originalPrice: 140,
    stock: { '41': 1.5, XL: 2 },
    published: 'yes',
    colour: 'red',
  });
  expect(checked.ok).toBe(false);
  if (checked.ok) return;
  expect(checked.problems.map(({ field, size }) => [field, size])).toEqual([
    ['changes', undefined],
    // The stored discount (150) is above the new price.
    ['discountedPrice', undefined],
    ['stock', '41'],
    ['stock', 'XL'],
    ['published', undefined],
  ]);
});

it('makes a change on the stored record, keeping what it does not touch', () => {
  const record = { ...BOOT, description: 'Suede', published: false };
  expect(
    applyProductChanges(record, { discountedPrice: null, stock: { '41': 9 }, published: true }),
  ).toEqual({
    name: 'Chelsea boot',
    originalPrice: 180,
    sizes: ['41', '42'],
    stock: { '41': 9, '42': 10 },
    description: 'Suede',
  });
});

it('starts counting stock only with every size counted', () => {
  const untracked = editableProductOf({ name: 'Tee', originalPrice: 20, sizes: ['S', 'M'] })!;
  expect(checkProductChanges(untracked, { stock: { S: 4 } })).toEqual({
    ok: false,
    problems: [
      {
        field: 'stock',
        message: 'To start counting stock, give every size a count (missing: M).',
      },
    ],
  });
  expect(checkProductChanges(untracked, { stock: { S: 4, M: 0 } }).ok).toBe(true);
});

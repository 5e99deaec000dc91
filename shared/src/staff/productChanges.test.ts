import { editableProductOf } from '../catalog/productRecord';
import { ONE_SIZE } from '../catalog/stock';
import {
  applyProductChanges,
  changedValues,
  checkProductChanges,
  stockSizesOf,
} from './productChanges';

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

it('records each value a change really moves, from what to what', () => {
  expect(
    changedValues(boot, {
      originalPrice: 170,
      discountedPrice: null,
      stock: { '41': 3, '42': 4 },
      published: false,
    }),
  ).toEqual([
    { field: 'originalPrice', from: 180, to: 170 },
    { field: 'discountedPrice', from: 150, to: null },
    { field: 'stock', size: '42', from: 10, to: 4 },
    { field: 'published', from: true, to: false },
  ]);
  // Values sent as they were: nothing moved.
  expect(changedValues(boot, { originalPrice: 180, stock: { '41': 3 }, published: true })).toEqual(
    [],
  );
  // A discount where there was none; a count where none was tracked.
  const untracked = editableProductOf({ name: 'Scarf', originalPrice: 40, sizes: [] })!;
  expect(changedValues(untracked, { discountedPrice: 30, stock: { [ONE_SIZE]: 5 } })).toEqual([
    { field: 'discountedPrice', from: null, to: 30 },
    { field: 'stock', size: ONE_SIZE, from: null, to: 5 },
  ]);
});

import type { Product } from '../types';
import { ONE_SIZE, stockLabel, stockLeft, stockLevel, stockWarning } from './stock';

const tracked: Pick<Product, 'stock'> = { stock: { S: 0, M: 3, L: 40, [ONE_SIZE]: 1 } };
const untracked: Pick<Product, 'stock'> = {};

describe('stock per size', () => {
  it('says how many are left of a size; a size missing from the list has none', () => {
    expect(stockLeft(tracked, 'M')).toBe(3);
    expect(stockLeft(tracked, 'XL')).toBe(0);
    expect(stockLeft(tracked, undefined)).toBe(1);
    expect(stockLeft(untracked, 'M')).toBeNull();
  });

  it('names the level: in stock, only N left (5 or fewer), sold out; nothing when not tracked', () => {
    expect(stockLabel(stockLevel(tracked, 'L'))).toBe('In stock');
    expect(stockLabel(stockLevel(tracked, 'M'))).toBe('Only 3 left');
    expect(stockLabel(stockLevel({ stock: { M: 5 } }, 'M'))).toBe('Only 5 left');
    expect(stockLabel(stockLevel({ stock: { M: 6 } }, 'M'))).toBe('In stock');
    expect(stockLabel(stockLevel(tracked, 'S'))).toBe('Sold out');
    expect(stockLevel(untracked, 'S')).toEqual({ state: 'untracked' });
    expect(stockLabel(stockLevel(untracked, 'S'))).toBe('');
  });

  it('warns a basket line that wants more than is left, naming the size', () => {
    expect(stockWarning(tracked, 'M', 3)).toBeNull();
    expect(stockWarning(tracked, 'M', 4)).toBe(
      'Only 3 left in size M: lower the quantity to order.',
    );
    expect(stockWarning(tracked, 'S', 1)).toBe('Sold out in size S.');
    expect(stockWarning(tracked, undefined, 2)).toBe('Only 1 left: lower the quantity to order.');
    expect(stockWarning(untracked, 'M', 10)).toBeNull();
  });
});

import type { ProductLine } from '@shop/shared';
import type { BasketLine } from './productLines';
import { readyLines } from './readyLines';

const tee: ProductLine = {
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

describe('readyLines', () => {
  it('keeps the lines with catalog data, in order, and leaves out missing and failed ones', () => {
    const cap = { ...tee, id: 'p3', name: 'Cap' };
    const lines: BasketLine[] = [
      { status: 'ready', line: tee, stockWarning: null },
      { status: 'missing', line: { id: 'p2', quantity: 1 } },
      { status: 'error', line: { id: 'p4', quantity: 1 } },
      { status: 'ready', line: cap, stockWarning: 'Only 1 left.' },
    ];
    expect(readyLines(lines)).toEqual([tee, cap]);
  });

  it('is empty for an empty basket', () => {
    expect(readyLines([])).toEqual([]);
  });
});

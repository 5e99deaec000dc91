import type { BasketLine } from './productLines';
import { readyLines } from './readyLines';
import { SAMPLE_TEE } from '../testing/sampleLine';

const tee = SAMPLE_TEE;

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

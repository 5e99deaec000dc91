import type { BasketLine } from '../catalog/productLines';
import { reviewState } from './reviewState';
import { SAMPLE_TEE } from '../testing/sampleLine';

const tee = SAMPLE_TEE;
const ready: BasketLine = { status: 'ready', line: tee, stockWarning: null };
const beyondStock: BasketLine = { status: 'ready', line: tee, stockWarning: 'Only 1 left.' };
const missing: BasketLine = { status: 'missing', line: { id: 'p2', quantity: 1 } };

describe('reviewState', () => {
  it('goes on once every line is priced and within stock', () => {
    expect(reviewState(false, [ready, ready])).toEqual({
      priced: true,
      canContinue: true,
      hint: '',
    });
  });

  it('waits for the prices while loading', () => {
    expect(reviewState(true, [ready])).toEqual({
      priced: false,
      canContinue: false,
      hint: 'Loading prices...',
    });
  });

  it('asks to remove unavailable products first', () => {
    expect(reviewState(false, [ready, missing, beyondStock])).toEqual({
      priced: false,
      canContinue: false,
      hint: 'Remove the unavailable products to continue.',
    });
  });

  it('asks to lower quantities beyond what is left, the totals being priced', () => {
    expect(reviewState(false, [ready, beyondStock])).toEqual({
      priced: true,
      canContinue: false,
      hint: 'Lower the quantities marked above to what is left to continue.',
    });
  });

  it('is not priced for no lines', () => {
    expect(reviewState(false, []).priced).toBe(false);
  });
});

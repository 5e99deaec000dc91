import {
  type ToastEvent,
  bus,
  marketById,
  ROOT_MARKET,
  type Market,
  type Cart,
} from '@shop/shared';
import { tellIfPricedElsewhere } from './basketService';
import { messages } from '../messages';

const GERMANY = marketById('de') as Market;
const withLine: Cart = {
  products: [{ id: 'p1', quantity: 1 }],
  totalQuantity: 1,
  discount: { isDiscount: false, discountType: null, discountCode: '' },
  totalPrice: 0,
};

function memoryStorage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  };
}

describe('a basket carried into another market (decision 5101)', () => {
  let toasts: ToastEvent[];
  let watch: { unsubscribe(): void };
  beforeAll(() => messages.load('de'));
  beforeEach(() => {
    toasts = [];
    watch = bus.toasts$.subscribe((toast) => toasts.push(toast));
  });
  afterEach(() => watch.unsubscribe());

  it("tells the shopper once, in the new market's language and currency", () => {
    const storage = memoryStorage();
    tellIfPricedElsewhere(withLine, ROOT_MARKET, storage);
    expect(toasts).toEqual([]);
    tellIfPricedElsewhere(withLine, GERMANY, storage);
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Ihr Warenkorb hat jetzt Preise in EUR, zu unseren Preisen für Deutschland.',
    ]);
    // The next page of the same market says nothing more.
    tellIfPricedElsewhere(withLine, GERMANY, storage);
    expect(toasts).toHaveLength(1);
  });

  it('says nothing for an empty basket, and remembers the market all the same', () => {
    const storage = memoryStorage();
    tellIfPricedElsewhere(withLine, GERMANY, storage);
    tellIfPricedElsewhere({ ...withLine, products: [] }, ROOT_MARKET, storage);
    expect(toasts).toEqual([]);
    expect(storage.getItem('shop_basket_market')).toBe('us');
  });
});

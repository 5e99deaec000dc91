import { isReturningVisitor } from './returningVisitor';

describe('isReturningVisitor', () => {
  afterEach(() => localStorage.clear());

  it('is false in a browser that holds nothing of the shop', () => {
    localStorage.setItem('some-other-site-key', '1');
    expect(isReturningVisitor()).toBe(false);
  });

  it('is true with a persisted session (anonymous) user', () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"session-1"}');
    expect(isReturningVisitor()).toBe(true);
  });

  it('is true with a persisted account user', () => {
    localStorage.setItem('firebase:authUser:demo-api-key:account', '{"uid":"account-1"}');
    expect(isReturningVisitor()).toBe(true);
  });

  it('is true with basket changes kept before a session loaded them', () => {
    localStorage.setItem(
      'shop:cart-before-session',
      JSON.stringify({ totalQuantity: 1, products: [{ id: 'p1', quantity: 1 }] }),
    );
    expect(isReturningVisitor()).toBe(true);
  });

  it('says "maybe" (true) where storage cannot be read', () => {
    const read = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      expect(isReturningVisitor()).toBe(true);
    } finally {
      read.mockRestore();
    }
  });
});

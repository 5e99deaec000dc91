import {
  BASKET_REMOTE,
  basketLoaded,
  markBasketLoaded,
  registerBasketService,
  remoteUnavailable,
  resetBasketChannels,
  type BasketService,
} from './basketContract';

/** Whether `promise` has settled once the pending callbacks have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

const service = (): BasketService => ({
  build: 'test',
  flush: () => Promise.resolve(),
  hasPendingUpload: () => false,
  adoptAccount: () => Promise.resolve(),
  leaveAccount: () => Promise.resolve(),
  stop: () => undefined,
});

afterEach(resetBasketChannels);

describe('basketLoaded', () => {
  test('waits for the basket service to load the basket', async () => {
    const loaded = basketLoaded();
    registerBasketService(service());
    expect(await hasSettled(loaded)).toBe(false);
    markBasketLoaded();
    expect(await hasSettled(loaded)).toBe(true);
  });

  test("ends at once when the basket's remote could not be loaded", async () => {
    const loaded = basketLoaded();
    remoteUnavailable('catalog');
    expect(await hasSettled(loaded)).toBe(false);
    remoteUnavailable(BASKET_REMOTE);
    expect(await hasSettled(loaded)).toBe(true);
    // Still down: a later wait ends at once too.
    expect(await hasSettled(basketLoaded())).toBe(true);
  });

  test('a service registered after "Try again" starts a new wait for its basket', async () => {
    remoteUnavailable(BASKET_REMOTE);
    registerBasketService(service());
    const loaded = basketLoaded();
    expect(await hasSettled(loaded)).toBe(false);
    markBasketLoaded();
    expect(await hasSettled(loaded)).toBe(true);
  });

  test('another part of the cart remote failing does not end the wait of a running service', async () => {
    registerBasketService(service());
    const loaded = basketLoaded();
    remoteUnavailable(BASKET_REMOTE);
    expect(await hasSettled(loaded)).toBe(false);
  });
});

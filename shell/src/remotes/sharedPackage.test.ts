// The shell's copy of @shop/shared comes before any remote's code (decision 5102).
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

// Each test loads the modules afresh: the page's one load of @shop/shared starts unloaded.
beforeEach(() => jest.resetModules());

it('loads the main module of @shop/shared before the page asks the runtime for a remote', async () => {
  const order: string[] = [];
  jest.doMock('@shop/shared', () => {
    order.push('@shop/shared');
    return jest.requireActual('@shop/shared');
  });
  const runtime = await import('@module-federation/enhanced/runtime');
  (runtime.loadRemote as jest.Mock).mockImplementation((id: string) => {
    order.push(id);
    return Promise.resolve({ default: () => null });
  });
  const { PAGE_REMOTE_MODULES } = await import('./loadRemoteModule');
  await PAGE_REMOTE_MODULES.load('catalog', './product');
  expect(order).toEqual(['@shop/shared', 'catalog/product']);
});

it('tries a failed load of @shop/shared again, and then keeps it', async () => {
  let attempts = 0;
  jest.doMock('@shop/shared', () => {
    attempts += 1;
    if (attempts === 1) throw new Error('chunk failed');
    return { startSession: () => Promise.resolve() };
  });
  const { loadSharedPackage } = await import('./sharedPackage');
  await expect(loadSharedPackage()).rejects.toThrow('chunk failed');
  const shared = await loadSharedPackage();
  expect(typeof shared.startSession).toBe('function');
  expect(await loadSharedPackage()).toBe(shared);
  expect(attempts).toBe(2);
});

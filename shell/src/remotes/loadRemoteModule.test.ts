import { defineMessages } from '@shop/shared';
import { remoteModuleStore } from './loadRemoteModule';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

/** The federation runtime's `loadRemote` answering `module` for an id (typed as the store asks). */
const answering =
  (module: (id: string) => unknown) =>
  <T>(id: string): Promise<T> =>
    Promise.resolve(module(id) as T);

/** A catalogue whose German file arrives when the test says so. */
function slowGerman() {
  let deliver: () => void = () => undefined;
  const file = jest.fn(
    () =>
      new Promise<{ default: Record<string, string> }>((resolve) => {
        deliver = () => resolve({ default: { Basket: 'Warenkorb' } });
      }),
  );
  return { messages: defineMessages({ de: file }), file, deliver: () => deliver() };
}

describe("a remote module's texts (CONTRACT §9b)", () => {
  it("counts a module as loaded only once its texts are there in the page's language", async () => {
    const german = slowGerman();
    const store = remoteModuleStore({
      loadRemote: answering(() => ({ handle: { title: 'Basket', messages: german.messages } })),
      languages: ['de'],
    });
    const modules = store.as((remote) => remote);
    let done = false;
    const loading = modules.load('cart', './basket-review').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    expect(modules.loaded('cart', './basket-review')).toBeUndefined();
    german.deliver();
    await loading;
    expect(modules.loaded('cart', './basket-review')).toBeDefined();
    expect(german.messages.translator('de')('Basket')).toBe('Warenkorb');
  });

  it('fetches no file for an English page, and loads a module without texts as before', async () => {
    const german = slowGerman();
    const store = remoteModuleStore({
      loadRemote: answering((id) =>
        id.endsWith('MiniBasket') ? { messages: german.messages } : { x: 1 },
      ),
      languages: ['en'],
    });
    const modules = store.as((remote) => remote);
    await modules.load('cart', './MiniBasket');
    await modules.load('catalog', './home');
    expect(german.file).not.toHaveBeenCalled();
    expect(modules.loaded('catalog', './home')).toEqual({ x: 1 });
  });
});

// Errors caught in a remote's region reach the field data with their remote (decision 4901).
import { PAGE_REMOTE_MODULES, RemoteUnavailableError } from '../remotes/loadRemoteModule';
import { onRegionErrors, regionError } from './regionErrors';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => Promise.reject(new Error('Loading chunk 42 failed')),
  registerRemotes: jest.fn(),
}));
jest.mock('../remotes/registry', () => ({ resetRemote: jest.fn() }));

test('errors before the reporter loads are kept (a few) and handed to it, later ones at once', async () => {
  for (let n = 0; n < 12; n += 1) regionError('cart', new Error(`early ${n}`));
  await expect(PAGE_REMOTE_MODULES.load('catalog', './product')).rejects.toBeInstanceOf(
    RemoteUnavailableError,
  );
  const heard: string[] = [];
  onRegionErrors((remote, error) => {
    const cause = error instanceof RemoteUnavailableError ? error.cause : error;
    heard.push(`${remote}: ${(cause as Error).message}`);
  });
  // Ten kept: the two over the limit are dropped; the load that failed came eleventh.
  expect(heard).toHaveLength(10);
  expect(heard[0]).toBe('cart: early 0');
  regionError('checkout', new Error('threw in render'));
  expect(heard.at(-1)).toBe('checkout: threw in render');
});

test("a remote's code that did not load is reported with that remote and its cause", async () => {
  const heard: [string, unknown][] = [];
  onRegionErrors((remote, error) => heard.push([remote, error]));
  await expect(PAGE_REMOTE_MODULES.load('account', './page')).rejects.toThrow('unavailable');
  expect(heard).toHaveLength(1);
  const [remote, error] = heard[0] ?? [];
  expect(remote).toBe('account');
  expect(((error as RemoteUnavailableError).cause as Error).message).toBe(
    'Loading chunk 42 failed',
  );
});

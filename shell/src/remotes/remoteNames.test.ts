import { composedRemotes, isRemoteName } from './remoteNames';

it.each(['catalog', 'backoffice', 'loyalty2', 'a'])('%s is a remote the shell composes', (name) => {
  expect(isRemoteName(name)).toBe(true);
});

it.each([
  'shell',
  'catalog__canary',
  'Catalog',
  'back-office',
  '2fast',
  '',
  'a'.repeat(33),
  '../x',
])('%j is not', (name) => {
  expect(isRemoteName(name)).toBe(false);
});

it("composes the remotes by name, whichever manifest answered first, and only remotes' names", () => {
  expect(composedRemotes({ checkout: [], backoffice: [], shell: [], cart: [] })).toEqual([
    'backoffice',
    'cart',
    'checkout',
  ]);
});

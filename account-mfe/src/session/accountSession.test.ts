import { safeNextPath, signInUrlFor } from './accountSession';

describe('safeNextPath', () => {
  it.each(['/account/orders', '/account/orders/-Abc?x=1', '/checkout/details'])(
    'keeps the shop path %s',
    (path) => expect(safeNextPath(path)).toBe(path),
  );

  it.each([
    null,
    '',
    'account',
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/authentication?mode=signin',
    // URL parsing drops tabs and line breaks, so these are `//evil.example` once followed.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/\t\\evil.example',
    '/\u0000/evil.example',
  ])('drops %p', (path) => expect(safeNextPath(path)).toBeNull());
});

it('builds the sign-in URL with the page to come back to', () => {
  expect(signInUrlFor('http://localhost:8080/account/orders?page=2')).toBe(
    '/authentication?mode=signin&next=%2Faccount%2Forders%3Fpage%3D2',
  );
});

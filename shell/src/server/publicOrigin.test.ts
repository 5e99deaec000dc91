/**
 * @jest-environment node
 */
import apps from '../../../tooling/apps.json';
import { LOCAL_PUBLIC_ORIGIN, publicOrigin } from './publicOrigin';

describe('publicOrigin', () => {
  it('is the configured origin, without a trailing slash', () => {
    expect(publicOrigin('https://shop.example', true)).toBe('https://shop.example');
    expect(publicOrigin('https://shop.example/', false)).toBe('https://shop.example');
    expect(publicOrigin('http://localhost:5000', false)).toBe('http://localhost:5000');
  });

  it("is Hosting's default domain of the project in a deployed build, else the local storefront", () => {
    expect(publicOrigin(undefined, true)).toBe('https://demo-shop.web.app');
    expect(publicOrigin('', false)).toBe(LOCAL_PUBLIC_ORIGIN);
    // The storefront's port, as the stack starts it.
    expect(LOCAL_PUBLIC_ORIGIN).toBe(`http://localhost:${apps.apps.shell.port}`);
  });

  it.each([
    'shop.example',
    '//shop.example',
    'javascript:alert(1)',
    'ftp://shop.example',
    'https://shop.example/path',
    'https://shop.example/?q=1',
    'https://user:pass@shop.example',
    'https://shop.example/#x',
  ])('refuses %s, which is not an http(s) origin', (value) => {
    expect(() => publicOrigin(value, true)).toThrow(
      /SHOP_PUBLIC_ORIGIN=.* is not an http\(s\) origin/,
    );
  });
});

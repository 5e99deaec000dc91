import { pathInPage } from './pathInPage';

describe('pathInPage (decision 5101)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-base');
    window.history.replaceState(null, '', '/');
  });

  it("reads the address without the market's prefix the server wrote on the page", () => {
    document.documentElement.setAttribute('data-base', '/de');
    window.history.replaceState(null, '', '/de/products/x?size=42');
    expect(pathInPage()).toBe('/products/x');
    window.history.replaceState(null, '', '/de');
    expect(pathInPage()).toBe('/');
    // Only the whole first segment is the prefix.
    window.history.replaceState(null, '', '/design');
    expect(pathInPage()).toBe('/design');
  });

  it('reads the address as it is on a root-market page', () => {
    window.history.replaceState(null, '', '/de/products/x');
    expect(pathInPage()).toBe('/de/products/x');
  });
});

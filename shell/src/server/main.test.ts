/**
 * @jest-environment node
 */
import { pageEncoding } from './main';

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, else none', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding(['gzip', 'deflate'])).toBe('gzip');
    expect(pageEncoding(undefined)).toBeNull();
  });

  it("sends gzip to a browser that takes both until the page's brotli is made", () => {
    expect(pageEncoding('gzip, deflate, br', false)).toBe('gzip');
    expect(pageEncoding('gzip, deflate, br', true)).toBe('br');
    // A browser that takes brotli only waits for it.
    expect(pageEncoding('br', false)).toBe('br');
    expect(pageEncoding('identity', false)).toBeNull();
  });
});

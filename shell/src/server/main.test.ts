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
});

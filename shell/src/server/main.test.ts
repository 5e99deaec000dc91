/**
 * @jest-environment node
 */
import type { IncomingMessage } from 'node:http';
import { pageEncoding, requestOrigin } from './main';

const request = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

describe('requestOrigin', () => {
  it("is this server's address when it is asked directly", () => {
    expect(requestOrigin(request({ host: 'localhost:8080' }), false)).toBe('http://localhost:8080');
    // Forwarded headers from a client are not believed unless Hosting sits in front.
    expect(
      requestOrigin(request({ host: 'localhost:8080', 'x-forwarded-host': 'evil.example' }), false),
    ).toBe('http://localhost:8080');
  });

  it("is the site's address behind Hosting's rewrite (the first hop's)", () => {
    expect(
      requestOrigin(
        request({
          host: 'shellserver-abc-uc.a.run.app',
          'x-forwarded-host': 'shop.example, proxy.internal',
          'x-forwarded-proto': 'https',
        }),
        true,
      ),
    ).toBe('https://shop.example');
    expect(requestOrigin(request({ host: 'fn.example' }), true)).toBe('https://fn.example');
  });

  it('is http on a loopback address behind the Hosting emulator, which names no protocol', () => {
    expect(
      requestOrigin(
        request({ host: '127.0.0.1:5001', 'x-forwarded-host': '127.0.0.1:5000' }),
        true,
      ),
    ).toBe('http://127.0.0.1:5000');
    expect(requestOrigin(request({ host: 'x', 'x-forwarded-host': 'localhost:5000' }), true)).toBe(
      'http://localhost:5000',
    );
  });

  it('never writes a malformed host into the page', () => {
    expect(requestOrigin(request({ host: 'a"><script>' }), false)).toBe('http://localhost');
    expect(requestOrigin(request({}), false)).toBe('http://localhost');
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, else none', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding(['gzip', 'deflate'])).toBe('gzip');
    expect(pageEncoding(undefined)).toBeNull();
  });
});

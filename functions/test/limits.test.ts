// Who the client is (limits.ts, decision 5401).
import { UNKNOWN_CLIENT, clientKey, trustedProxiesFromEnv } from '../src/limits';

describe('clientKey', () => {
  it('is the socket address without proxies, the first trusted proxy’s entry behind them', () => {
    expect(
      clientKey({ method: 'POST', headers: {}, socket: { remoteAddress: '192.0.2.1' } }, 0),
    ).toBe('192.0.2.1');
    const forwarded = { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.9, 192.0.2.2' } };
    expect(clientKey(forwarded, 1)).toBe('192.0.2.2');
  });

  it('a request with no address known is the one unknown client, never a pass', () => {
    // As the Functions emulator hands a request on: over a local socket, no address.
    const overLocalSocket = {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.9' },
      socket: { remoteAddress: undefined },
    };
    expect(clientKey(overLocalSocket, 0)).toBe(UNKNOWN_CLIENT);
    expect(clientKey({ method: 'POST', headers: {} }, 1)).toBe(UNKNOWN_CLIENT);
    expect(clientKey({ method: 'POST', headers: { 'x-forwarded-for': ' , ' } }, 1)).toBe(
      UNKNOWN_CLIENT,
    );
  });
});

describe('trustedProxiesFromEnv', () => {
  it('SHOP_TRUSTED_PROXIES, else none in the emulator and one on Cloud Functions', () => {
    expect(trustedProxiesFromEnv({ SHOP_TRUSTED_PROXIES: '2' }, false)).toBe(2);
    expect(trustedProxiesFromEnv({}, true)).toBe(0);
    expect(trustedProxiesFromEnv({}, false)).toBe(1);
  });
});

// Who the client is, and what the local stack may set of the limits (limits.ts, decision 5401).
import {
  FRONT_END_HEADER,
  UNKNOWN_CLIENT,
  behindFrontEnd,
  clientKey,
  emulatorOnlyLimit,
  frontEndSecretFromEnv,
  trustedProxiesFromEnv,
} from '../src/limits';
import type { HttpRequest } from '../src/http';

const SECRET = 'a-secret-of-the-local-stack';

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

describe('emulatorOnlyLimit', () => {
  it('is the number the emulator is given, nothing when unset', () => {
    expect(
      emulatorOnlyLimit({ SHOP_ORDERS_PER_ADDRESS: '200' }, 'SHOP_ORDERS_PER_ADDRESS', true),
    ).toBe(200);
    expect(emulatorOnlyLimit({}, 'SHOP_ORDERS_PER_ADDRESS', true)).toBeUndefined();
    expect(emulatorOnlyLimit({}, 'SHOP_ORDERS_PER_ADDRESS', false)).toBeUndefined();
  });

  it('stops the functions from loading when set on Cloud Functions, or set to no limit', () => {
    expect(() =>
      emulatorOnlyLimit({ SHOP_ORDERS_PER_ADDRESS: '200' }, 'SHOP_ORDERS_PER_ADDRESS', false),
    ).toThrow('SHOP_ORDERS_PER_ADDRESS is for the Functions emulator only');
    for (const value of ['0', '-1', '1.5', 'many', '']) {
      expect(() =>
        emulatorOnlyLimit({ SHOP_ORDERS_PER_ADDRESS: value }, 'SHOP_ORDERS_PER_ADDRESS', true),
      ).toThrow('must be a positive integer');
    }
  });
});

describe('the local front end (behindFrontEnd)', () => {
  it('SHOP_FRONT_END_SECRET is read in the emulator only, and must be long enough to be one', () => {
    expect(frontEndSecretFromEnv({ SHOP_FRONT_END_SECRET: SECRET }, true)).toBe(SECRET);
    expect(frontEndSecretFromEnv({}, true)).toBeUndefined();
    expect(() => frontEndSecretFromEnv({ SHOP_FRONT_END_SECRET: SECRET }, false)).toThrow(
      'for the Functions emulator only',
    );
    expect(() => frontEndSecretFromEnv({ SHOP_FRONT_END_SECRET: 'short' }, true)).toThrow(
      'at least 16 characters',
    );
  });

  async function seen(headers: HttpRequest['headers']): Promise<HttpRequest['headers']> {
    let received: HttpRequest['headers'] = {};
    const handler = behindFrontEnd(SECRET, async (req: HttpRequest) => {
      received = { ...req.headers };
    });
    await handler({ method: 'POST', headers: { ...headers } }, undefined);
    return received;
  }

  it('a request through the front end keeps its X-Forwarded-For; the proof goes no further', async () => {
    expect(
      await seen({ 'x-forwarded-for': '198.51.100.9, 127.0.0.2', [FRONT_END_HEADER]: SECRET }),
    ).toEqual({ 'x-forwarded-for': '198.51.100.9, 127.0.0.2' });
  });

  it('a request without the proof, or with a wrong one, loses its X-Forwarded-For', async () => {
    for (const proof of [undefined, '', 'a-guess-of-the-local-stack!', [SECRET, SECRET]]) {
      const headers = {
        'x-forwarded-for': '198.51.100.9',
        ...(proof === undefined ? {} : { [FRONT_END_HEADER]: proof }),
      };
      expect(await seen(headers)).toEqual({});
    }
  });
});

/**
 * @jest-environment node
 */
// A remote's build signs its server container (tooling/serverSignature.cjs, decision 4402) the
// way the shell server checks it (shell/src/server/serverContainers.ts), with its team's key in a
// deployed build and never with a committed dev key there.
import { type KeyObject, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readPublicKeys, verifyContainer } from '../../shell/src/server/serverContainers';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin is CommonJS tooling
const signing = require('../../tooling/serverSignature.cjs') as {
  signContainer(bytes: Buffer, privateKey: KeyObject): Buffer;
  signingKeyFor(app: string, options: { deployed: boolean; env?: NodeJS.ProcessEnv }): KeyObject;
  signingKeyVariable(app: string): string;
  publicKeyOf(privateKey: KeyObject): string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON file of the tooling
const devKeys = require('../../tooling/devServerSigningKeys.json') as Record<
  string,
  { publicKey: string; privateKey: string }
>;

const CODE = Buffer.from(
  'module.exports = { init() {} };\n//# sourceMappingURL=remoteEntry.js.map',
);

test("a container the build signed with the catalog's dev key runs on a local shell server with remotes.json's key", () => {
  const key = signing.signingKeyFor('catalog', { deployed: false, env: {} });
  const bytes = signing.signContainer(CODE, key);
  const { keys } = readPublicKeys(devKeys.catalog?.publicKey, false);
  expect(verifyContainer(bytes, keys)).toEqual({ ok: true, code: CODE.toString() });
  // The cart's key does not sign the catalog's code.
  expect(verifyContainer(bytes, readPublicKeys(devKeys.cart?.publicKey, false).keys)).toMatchObject(
    { ok: false },
  );
});

test('a deployed build signs with its variable, PEM or base64 DER, and the shell checks it', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const variable = signing.signingKeyVariable('cart');
  expect(variable).toBe('SHOP_SERVER_SIGNING_KEY_CART');
  const x = createPublicKey(privateKey).export({ format: 'jwk' }).x;
  for (const value of [pem, der]) {
    const key = signing.signingKeyFor('cart', { deployed: true, env: { [variable]: value } });
    expect(signing.publicKeyOf(key)).toBe(x);
    const bytes = signing.signContainer(CODE, key);
    expect(verifyContainer(bytes, readPublicKeys(x, true).keys)).toMatchObject({ ok: true });
  }
});

test('a deployed build without its key, or with a dev key, stops', () => {
  expect(() => signing.signingKeyFor('checkout', { deployed: true, env: {} })).toThrow(
    'SHOP_SERVER_SIGNING_KEY_CHECKOUT is not set',
  );
  expect(() =>
    signing.signingKeyFor('checkout', {
      deployed: true,
      env: { SHOP_SERVER_SIGNING_KEY_CHECKOUT: devKeys.checkout?.privateKey },
    }),
  ).toThrow('dev-only key');
});

test('a key that is not Ed25519 is refused', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  expect(() =>
    signing.signingKeyFor('account', {
      deployed: false,
      env: { SHOP_SERVER_SIGNING_KEY_ACCOUNT: pem },
    }),
  ).toThrow('not an Ed25519 key');
});

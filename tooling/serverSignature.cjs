// A remote's build signs its server container (decision 4402): the shell server runs that code
// in its own process, so it runs only bytes signed with the key its `remotes.json` lists for that
// remote (shell/src/server/serverContainers.ts verifies). The signature is the file's last line,
// over every byte before it: one file, one request, no moment in a deploy where a new container
// meets an old signature, and no new cache rule.
const { createPrivateKey, createPublicKey, sign } = require('node:crypto');
const webpack = require('webpack');
const DEV_KEYS = require('./devServerSigningKeys.json');

/** What precedes the signature (base64url, Ed25519) on the container's last line. */
const SIGNATURE_PREFIX = '\n//# shopServerSignature=ed25519:';

/** The environment variable holding a remote's production private key (PKCS#8, PEM or base64 DER). */
const signingKeyVariable = (app) => `SHOP_SERVER_SIGNING_KEY_${app.toUpperCase()}`;

const publicKeyOf = (privateKey) => createPublicKey(privateKey).export({ format: 'jwk' }).x;

const DEV_PUBLIC_KEYS = new Set(
  Object.entries(DEV_KEYS)
    .filter(([name]) => name !== '//')
    .map(([, pair]) => pair.publicKey),
);

/**
 * The key `app`'s build signs with: its variable's, else (not in a deployed build) its committed
 * dev key. A deployed build without its variable, or with a dev key in it, stops here.
 */
function signingKeyFor(app, { deployed, env = process.env }) {
  const variable = signingKeyVariable(app);
  const value = env[variable];
  if (!value) {
    if (deployed) {
      throw new Error(
        `${variable} is not set: a deployed build signs its server container with its team's key (README, decision 4402)`,
      );
    }
    const dev = DEV_KEYS[app];
    if (!dev) throw new Error(`no dev signing key for ${app} in tooling/devServerSigningKeys.json`);
    return createPrivateKey(dev.privateKey);
  }
  const key = createPrivateKey(
    value.trimStart().startsWith('-----')
      ? value
      : { key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' },
  );
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${variable} is not an Ed25519 key`);
  if (deployed && DEV_PUBLIC_KEYS.has(publicKeyOf(key))) {
    throw new Error(`${variable} holds a dev-only key: a deployed build never signs with it`);
  }
  return key;
}

/** The container's bytes with their signature line appended. */
function signContainer(bytes, privateKey) {
  const signature = sign(null, bytes, privateKey).toString('base64url');
  return Buffer.concat([bytes, Buffer.from(`${SIGNATURE_PREFIX}${signature}\n`)]);
}

/** Signs `remoteEntry.js` once every other step (its source map comment) has written it. */
class SignServerContainerPlugin {
  constructor({ app, deployed, filename = 'remoteEntry.js' }) {
    this.app = app;
    this.deployed = deployed;
    this.filename = filename;
  }

  apply(compiler) {
    const key = signingKeyFor(this.app, { deployed: this.deployed });
    compiler.hooks.thisCompilation.tap('SignServerContainerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'SignServerContainerPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const asset = compilation.getAsset(this.filename);
          if (!asset) {
            compilation.errors.push(new webpack.WebpackError(`${this.filename} was not emitted`));
            return;
          }
          const signed = signContainer(Buffer.from(asset.source.buffer()), key);
          compilation.updateAsset(this.filename, new webpack.sources.RawSource(signed));
        },
      );
    });
  }
}

module.exports = {
  SIGNATURE_PREFIX,
  DEV_PUBLIC_KEYS,
  SignServerContainerPlugin,
  publicKeyOf,
  signContainer,
  signingKeyFor,
  signingKeyVariable,
};

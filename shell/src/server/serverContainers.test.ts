/**
 * @jest-environment node
 */
// Server containers run only when signed by their remote's key and fetched over HTTPS unless
// local (decision 4402). The remote build's side (tooling/serverSignature.cjs) is checked against
// this one in scripts/lib/serverSignature.test.ts.
import { type KeyObject, generateKeyPairSync, sign } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ContainerRefusedError,
  DEV_PUBLIC_KEYS,
  SIGNATURE_PREFIX,
  entryAddressProblem,
  fetchVerifiedContainer,
  readPublicKeys,
  verifyContainer,
} from './serverContainers';

const CODE = "module.exports = { get: () => 'page', init: () => undefined };\n";

function keyPair(): { publicKey: KeyObject; privateKey: KeyObject; x: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey, privateKey, x: publicKey.export({ format: 'jwk' }).x ?? '' };
}

const signed = (code: string, privateKey: KeyObject): Buffer => {
  const bytes = Buffer.from(code);
  const signature = sign(null, bytes, privateKey).toString('base64url');
  return Buffer.concat([bytes, Buffer.from(`${SIGNATURE_PREFIX}${signature}\n`)]);
};

const team = keyPair();
const other = keyPair();

describe('verifyContainer', () => {
  test('a container signed by its key: its code, without the signature line', () => {
    expect(verifyContainer(signed(CODE, team.privateKey), [team.publicKey])).toEqual({
      ok: true,
      code: CODE,
    });
  });

  test('one byte changed, signature unchanged: refused', () => {
    const bytes = signed(CODE, team.privateKey);
    bytes[CODE.indexOf('page')] = 'P'.charCodeAt(0);
    expect(verifyContainer(bytes, [team.publicKey])).toEqual({
      ok: false,
      reason: 'its signature does not match its bytes and key',
    });
  });

  test('code appended after the signature line: refused', () => {
    const bytes = Buffer.concat([
      signed(CODE, team.privateKey),
      Buffer.from("require('node:fs').writeFileSync('/tmp/x', 'ran');\n"),
    ]);
    expect(verifyContainer(bytes, [team.publicKey])).toMatchObject({ ok: false });
  });

  test("signed by another key than the remote's: refused; accepted by either of two listed keys", () => {
    const bytes = signed(CODE, other.privateKey);
    expect(verifyContainer(bytes, [team.publicKey])).toMatchObject({ ok: false });
    expect(verifyContainer(bytes, [team.publicKey, other.publicKey])).toMatchObject({ ok: true });
  });

  test('no signature, or a malformed one: refused', () => {
    expect(verifyContainer(Buffer.from(CODE), [team.publicKey])).toEqual({
      ok: false,
      reason: 'no signature',
    });
    expect(
      verifyContainer(Buffer.from(`${CODE}${SIGNATURE_PREFIX}abc\n`), [team.publicKey]),
    ).toEqual({ ok: false, reason: 'no signature as the last line' });
  });

  test('no key listed: refused, even when signed', () => {
    expect(verifyContainer(signed(CODE, team.privateKey), [])).toEqual({
      ok: false,
      reason: 'remotes.json lists no key for it',
    });
  });
});

describe('entryAddressProblem', () => {
  test.each([
    'https://catalog.example.com/server/remoteEntry.js',
    'http://localhost:8081/server/remoteEntry.js',
    'http://127.0.0.1:8081/server/remoteEntry.js',
    'http://[::1]:8081/server/remoteEntry.js',
  ])('%s is accepted', (entry) => {
    expect(entryAddressProblem(entry)).toBeNull();
  });

  test.each([
    'http://catalog.example.com/server/remoteEntry.js',
    'http://localhost.example.com/server/remoteEntry.js',
    'http://10.0.0.5/server/remoteEntry.js',
    'file:///tmp/remoteEntry.js',
    'server/remoteEntry.js',
  ])('%s is refused', (entry) => {
    expect(entryAddressProblem(entry)).toEqual(expect.any(String));
  });
});

describe('readPublicKeys', () => {
  test('one key or a list; unreadable keys left out with the reason', () => {
    expect(readPublicKeys(team.x, false).keys).toHaveLength(1);
    expect(readPublicKeys([team.x, other.x], false).keys).toHaveLength(2);
    expect(readPublicKeys(undefined, false)).toEqual({ keys: [], problems: [] });
    const bad = readPublicKeys(['short', 42], false);
    expect(bad.keys).toEqual([]);
    expect(bad.problems).toHaveLength(2);
  });

  test('a dev-only key: accepted locally, refused by a deployed server', () => {
    const dev = DEV_PUBLIC_KEYS[0];
    expect(readPublicKeys(dev, false).keys).toHaveLength(1);
    const deployed = readPublicKeys([dev, team.x], true);
    expect(deployed.keys).toHaveLength(1);
    expect(deployed.problems).toEqual([expect.stringContaining('dev-only key')]);
  });
});

describe('fetchVerifiedContainer, over HTTP from this machine', () => {
  const files = new Map<string, Buffer>();
  let server: Server;
  let base = '';
  const fetches: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      fetches.push(request.url ?? '');
      const body = files.get(request.url ?? '');
      response.writeHead(body ? 200 : 404).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const good = signed(CODE, team.privateKey);
    files.set('/good.js', good);
    const tampered = Buffer.from(good);
    tampered[CODE.indexOf('page')] = 'P'.charCodeAt(0);
    files.set('/tampered.js', tampered);
    files.set('/unsigned.js', Buffer.from(CODE));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a good container: its code', async () => {
    await expect(fetchVerifiedContainer(`${base}/good.js`, [team.publicKey], 2000)).resolves.toBe(
      CODE,
    );
  });

  test('a tampered or unsigned container: refused, with the sha256 of what was served', async () => {
    for (const name of ['tampered', 'unsigned']) {
      const refusal = fetchVerifiedContainer(`${base}/${name}.js`, [team.publicKey], 2000);
      await expect(refusal).rejects.toBeInstanceOf(ContainerRefusedError);
      await expect(refusal).rejects.toThrow(/sha256 [0-9a-f]{64}/);
    }
  });

  test('signed by another team: refused', async () => {
    await expect(
      fetchVerifiedContainer(`${base}/good.js`, [other.publicKey], 2000),
    ).rejects.toBeInstanceOf(ContainerRefusedError);
  });

  test('an unreachable entry is an ordinary failure (the remote is down), not a refusal', async () => {
    const failure = fetchVerifiedContainer(`${base}/missing.js`, [team.publicKey], 2000);
    await expect(failure).rejects.toThrow('HTTP 404');
    await expect(failure).rejects.not.toBeInstanceOf(ContainerRefusedError);
  });

  test('plain HTTP to another host, or no key: refused before anything is fetched', async () => {
    const before = fetches.length;
    await expect(
      fetchVerifiedContainer(
        'http://catalog.example.com/server/remoteEntry.js',
        [team.publicKey],
        2000,
      ),
    ).rejects.toThrow(/HTTPS is required/);
    await expect(fetchVerifiedContainer(`${base}/good.js`, [], 2000)).rejects.toThrow(
      'remotes.json lists no key for it',
    );
    expect(fetches).toHaveLength(before);
  });
});

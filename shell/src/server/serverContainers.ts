// A remote's server container runs in the shell server's process, with its `require`: so it runs
// only when its bytes carry a signature by the key the shell's own `remotes.json` lists for that
// remote (`serverKeys`), and only when fetched over HTTPS or from this machine (decision 4402).
// Who can publish to a remote's site can replace its files, its manifest and any hash beside
// them, but not sign with a key held by that team's build and checked against the shell's file.
// The remote's build appends the signature as the file's last line (tooling/serverSignature.cjs).
import { type KeyObject, createHash, createPublicKey, verify } from 'node:crypto';

/** What precedes the signature (base64url, Ed25519) on the container's last line. */
export const SIGNATURE_PREFIX = '\n//# shopServerSignature=ed25519:';

/**
 * The public halves of the committed dev-only key pairs (tooling/devServerSigningKeys.json, one
 * per remote; scripts/lib/appLists.test.ts ties the two lists): a deployed shell server refuses
 * them, so a production `remotes.json` that still lists one runs no container of that remote.
 */
export const DEV_PUBLIC_KEYS: readonly string[] = [
  'WGD6X33hcZawP2-w4QPqEn_C5jfk4PDyBHjfjUd7XJ0', // catalog
  '8tjyt7RF128PmBIXxW0CdPfDiDkLqMXDmMoWxJpEKD4', // cart
  'JhrFXCIU74-zN6pkegt4Xqo1VqtBXQWs9pTwvZrBUiI', // checkout
  'KFeuwlrwOdT8qVmLjGQMenalEZc1E77L-NU_804nK6A', // account
];

/** Hosts whose entries may come over plain HTTP: this machine only. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A container the shell server will not run: tampered, unsigned, badly addressed or keyless. */
export class ContainerRefusedError extends Error {
  constructor(
    readonly entry: string,
    readonly reason: string,
  ) {
    super(`server container refused, not run: ${reason} (${entry})`);
    this.name = 'ContainerRefusedError';
  }
}

/** Why an entry's address is refused (HTTPS unless local), or null. */
export function entryAddressProblem(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'not an absolute address';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null;
  return `${url.protocol} on ${url.hostname || 'no host'}: HTTPS is required except on this machine`;
}

/**
 * A remote's public keys as `remotes.json` lists them (one, or several while a team changes its
 * key): base64url of the raw 32-byte Ed25519 key. Unreadable keys, and dev-only keys when
 * `deployed`, are left out with the reason.
 */
export function readPublicKeys(
  listed: unknown,
  deployed: boolean,
): { keys: KeyObject[]; problems: string[] } {
  const values = typeof listed === 'string' ? [listed] : Array.isArray(listed) ? listed : [];
  const keys: KeyObject[] = [];
  const problems: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
      problems.push('a key that is not 32 bytes of base64url');
    } else if (deployed && DEV_PUBLIC_KEYS.includes(value)) {
      problems.push(`the dev-only key ${value} (a deployed server never accepts it)`);
    } else {
      try {
        keys.push(
          createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: value }, format: 'jwk' }),
        );
      } catch {
        problems.push(`a key that is not an Ed25519 public key (${value})`);
      }
    }
  }
  return { keys, problems };
}

/**
 * The code of a signed container, if one of `keys` signed every byte before its last line; the
 * reason it is refused otherwise.
 */
export function verifyContainer(
  bytes: Buffer,
  keys: readonly KeyObject[],
): { ok: true; code: string } | { ok: false; reason: string } {
  const at = bytes.lastIndexOf(SIGNATURE_PREFIX, undefined, 'latin1');
  if (at < 0) return { ok: false, reason: 'no signature' };
  const line = bytes.subarray(at + SIGNATURE_PREFIX.length).toString('latin1');
  const match = /^([A-Za-z0-9_-]{86})\n$/.exec(line);
  if (!match?.[1]) return { ok: false, reason: 'no signature as the last line' };
  const signature = Buffer.from(match[1], 'base64url');
  const signed = bytes.subarray(0, at);
  if (keys.length === 0) return { ok: false, reason: 'remotes.json lists no key for it' };
  if (!keys.some((key) => verify(null, signed, key, signature))) {
    return { ok: false, reason: 'its signature does not match its bytes and key' };
  }
  return { ok: true, code: signed.toString('utf8') };
}

/**
 * Fetches a container and gives its code once checked. A refusal is a `ContainerRefusedError`
 * (with the refused bytes' sha256 in its reason); an unreachable entry is an ordinary error.
 */
export async function fetchVerifiedContainer(
  entry: string,
  keys: readonly KeyObject[],
  timeoutMs: number,
): Promise<string> {
  const addressProblem = entryAddressProblem(entry);
  if (addressProblem) throw new ContainerRefusedError(entry, addressProblem);
  if (keys.length === 0) {
    throw new ContainerRefusedError(entry, 'remotes.json lists no key for it');
  }
  const response = await fetch(entry, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`${entry}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const checked = verifyContainer(bytes, keys);
  if (!checked.ok) {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    throw new ContainerRefusedError(entry, `${checked.reason}; sha256 ${sha256}`);
  }
  return checked.code;
}

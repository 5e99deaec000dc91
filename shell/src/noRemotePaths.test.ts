// Issue 12: the shell names no remote's page. Every address of the remotes' route lists (up to its
// first parameter) is searched for in the shell's source, comments included; the e2e suite does
// the same for the shell's built scripts (foundation.e2e.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const REMOTE_DIRS = ['catalog-mfe', 'cart-mfe', 'checkout-mfe', 'account-mfe'];

/** "/products/:id" → "/products"; "/" is the site's root, the shell's own. */
export function remoteAddresses(): string[] {
  const paths = REMOTE_DIRS.flatMap((dir) => {
    const list = JSON.parse(
      readFileSync(join(ROOT, dir, 'src/routes/routes.json'), 'utf8'),
    ) as Array<{ path: string }>;
    return list.map((entry) => entry.path.split('/:')[0] ?? entry.path);
  });
  return [...new Set(paths)].filter((path) => path !== '/' && path !== '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|html)$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [path] : [];
  });
}

const mentions = (text: string, address: string) =>
  new RegExp(`${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

describe("the shell's source", () => {
  it('knows the remotes only by their route lists', () => {
    const addresses = remoteAddresses();
    expect(addresses.length).toBeGreaterThan(10);
    const found = sourceFiles(join(ROOT, 'shell/src')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return addresses.filter((a) => mentions(text, a)).map((a) => `${file}: ${a}`);
    });
    expect(found).toEqual([]);
  });

  it('would be caught naming one', () => {
    expect(mentions("<Link to='/checkout'>", '/checkout')).toBe(true);
    expect(mentions('/checkout-successful', '/checkout')).toBe(false);
    expect(mentions('/checkout/details', '/checkout')).toBe(true);
  });
});

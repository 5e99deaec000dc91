// The contracts on real files (decision 5001): the committed contract.json files are what the
// code says, and in a copy of the tree a breaking change to a bus event's payload or to a role
// fails the producing team's check naming the consuming remote, while an added optional field, a
// new role and a new event pass. Each tree is read by one program (a few seconds each).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../apps';
import { checkContracts, reportLines } from './check';
import { contractFile, contractText, generateContracts, readTreeApps } from './generate';

const SLOW = 120_000;

/** What the generator reads: sources, route lists, webpack configs, contracts, tooling. */
function copyTree(): string {
  const copy = mkdtempSync(join(tmpdir(), 'contracts-'));
  const tree = readTreeApps(ROOT);
  const sourcesOnly = (path: string) => !/\.(png|jpe?g|webp|svg|woff2?|css)$/.test(path);
  for (const dir of ['shared', 'tooling', 'types', ...Object.values(tree.apps)]) {
    cpSync(join(ROOT, dir), join(copy, dir), {
      recursive: true,
      filter: (path) =>
        !/\/(node_modules|dist|dist-server|site)(\/|$)/.test(path) && sourcesOnly(path),
    });
  }
  // Packages (React's types, the webpack factory's requires) are the repository's.
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

describe('the committed contracts', () => {
  it(
    "are what each app's code says now, and compatible (npm run contracts -- write)",
    () => {
      const tree = readTreeApps(ROOT);
      const fresh = generateContracts(tree);
      for (const app of Object.keys(tree.apps)) {
        expect(readFileSync(contractFile(tree, app), 'utf8')).toBe(contractText(fresh[app]!));
      }
      const result = checkContracts(tree, [], fresh);
      expect(reportLines(result)).toEqual([`contracts: ${result.checked} checked, all compatible`]);
    },
    SLOW,
  );
});

describe('a change in a copy of the tree', () => {
  let copy = '';
  beforeEach(() => {
    copy = copyTree();
  });
  afterEach(() => {
    rmSync(copy, { recursive: true, force: true });
  });

  it(
    "a basket-add without `path` and a checkout without its checkout-details role fail the producers' checks, naming cart",
    () => {
      edit(copy, 'shared/src/basket/basketAdds.ts', (text) =>
        text.replace(/\n\s*\/\*\* The page the add was made on[^\n]*\n\s*path: string;/, ''),
      );
      edit(copy, 'checkout-mfe/src/routes/routes.json', (text) =>
        text.replace(
          '"checkout-details": "/checkout/details"',
          '"order-details": "/checkout/details"',
        ),
      );
      const tree = readTreeApps(copy);
      const fresh = generateContracts(tree);

      // The catalog emits basket-add (cartActions.addProduct); the cart reads it.
      const catalog = reportLines(checkContracts(tree, ['catalog'], fresh));
      expect(catalog).toEqual([
        'catalog-mfe/contract.json is stale (its code says otherwise): run npm run contracts -- write catalog',
        'cart uses event "basket-add" field "path" (string, required) from catalog: catalog no longer sends it',
      ]);

      // The checkout's pipeline: the cart's basket review links to checkout-details.
      const checkout = checkContracts(tree, ['checkout'], fresh);
      expect(checkout.breaks.map((found) => [found.consumer, found.contract])).toEqual([
        ['cart', 'role "checkout-details"'],
      ]);
      expect(checkout.breaks[0]!.message).toBe(
        'cart links to role "checkout-details" (cart-mfe/src/basket-review/BasketReview.tsx): checkout no longer offers it',
      );

      // Writing the producer's contract does not make the break go away: the cart's committed
      // contract still reads `path`.
      writeFileSync(contractFile(tree, 'catalog'), contractText(fresh.catalog!));
      const rewritten = checkContracts(tree, ['catalog'], fresh);
      expect(rewritten.stale).toEqual([]);
      expect(
        rewritten.breaks.map((found) => [found.consumer, found.contract, found.field]),
      ).toEqual([['cart', 'event "basket-add"', 'path']]);
    },
    SLOW,
  );

  it(
    'an added optional field, a new role and a new event pass once the producers write their contracts',
    () => {
      edit(copy, 'shared/src/basket/basketAdds.ts', (text) =>
        text.replace(
          '  path: string;\n',
          '  path: string;\n  /** Where on the page. */\n  region?: string;\n',
        ),
      );
      edit(copy, 'catalog-mfe/src/routes/routes.json', (text) =>
        text.replace('"search": "/search"', '"search": "/search",\n      "men": "/men"'),
      );
      // The checkout starts emitting basket-add (a "buy it again" on its confirmation page).
      writeFileSync(
        join(copy, 'checkout-mfe/src/confirmation/buyAgain.ts'),
        "import { cartActions } from '@shop/shared';\n\nexport const buyAgain = (id: string) => cartActions.addProduct({ id, quantity: 1 });\n",
      );
      const tree = readTreeApps(copy);
      const fresh = generateContracts(tree);
      expect(fresh.checkout!.offers.events.emits['basket-add']?.properties?.region).toEqual({
        type: 'string',
      });
      expect(fresh.catalog!.offers.roles.men).toEqual({ address: '/men', params: [] });

      for (const app of ['catalog', 'checkout', 'cart']) {
        const result = checkContracts(tree, [app], fresh);
        expect(result.breaks).toEqual([]);
        // Only their own contract.json is out of date until written.
        expect(result.stale).toEqual([
          `${tree.apps[app]}/contract.json is stale (its code says otherwise): run npm run contracts -- write ${app}`,
        ]);
        writeFileSync(contractFile(tree, app), contractText(fresh[app]!));
      }
      const after = checkContracts(tree, [], fresh);
      expect(reportLines(after)).toEqual([`contracts: ${after.checked} checked, all compatible`]);
    },
    SLOW,
  );
});

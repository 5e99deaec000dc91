// The team boundaries of eslint.config.mjs (decision 1201), proven on snippets at realistic paths:
// each rule reports what it must, with its message, and clean code passes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './apps';

interface Reported {
  ruleId: string | null;
  message: string;
  line: number;
}
interface Snippet {
  code: string;
  /** Relative to `cwd` (the repository unless told). */
  filePath: string;
}

function lint(snippets: Snippet[], options: { cwd?: string; configFile?: string } = {}) {
  const cwd = options.cwd ?? ROOT;
  const output = execFileSync(process.execPath, [join(__dirname, 'lintSnippets.mjs')], {
    cwd: ROOT,
    input: JSON.stringify({
      cwd,
      configFile: options.configFile,
      snippets: snippets.map((s) => ({ ...s, filePath: join(cwd, s.filePath) })),
    }),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as Reported[][];
}

const APP_MESSAGE = (dir: string) =>
  `${dir} must not import another app: apps meet at run time (Module Federation) and through ` +
  'the bus contract of @shop/shared (shared/CONTRACT.md), never by import.';
const SHARED_MESSAGE =
  '@shop/shared is the ground floor: it imports no app and no other workspace package.';

// Every snippet of the repository in one ESLint process (starting one takes seconds).
const CASES = {
  remoteImportsRemoteByName: {
    filePath: 'catalog-mfe/src/catalog/basketBadge.ts',
    code: "import { lookupProduct } from '@shop/cart-mfe/src/catalog/productLines';\nexport const read = lookupProduct;\n",
  },
  remoteImportsShellByName: {
    filePath: 'cart-mfe/src/basket/registryUse.ts',
    code: "import { REMOTE_NAMES } from '@shop/shell';\nexport const names = REMOTE_NAMES;\n",
  },
  remoteImportsRemoteByPath: {
    filePath: 'checkout-mfe/src/order/catalogReuse.ts',
    code: "import { loadProduct } from '../../../catalog-mfe/src/catalog/catalogApi';\nexport const read = loadProduct;\n",
  },
  remoteImportsShellByPath: {
    filePath: 'account-mfe/src/layout/remotes.ts',
    code: "import { REMOTE_NAMES } from '../../../shell/src/remotes/registry';\nexport const names = REMOTE_NAMES;\n",
  },
  shellImportsRemote: {
    filePath: 'shell/src/layout/catalogReuse.ts',
    code: "import { loadProducts } from '@shop/catalog-mfe/src/catalog/catalogApi';\nexport const read = loadProducts;\n",
  },
  sharedImportsAppByName: {
    filePath: 'shared/src/cart/catalogReuse.ts',
    code: "import { loadProducts } from '@shop/catalog-mfe/src/catalog/catalogApi';\nexport const read = loadProducts;\n",
  },
  sharedImportsAppByPath: {
    filePath: 'shared/src/cart/basketReuse.ts',
    code: "import { lookupProduct } from '../../../cart-mfe/src/catalog/productLines';\nexport const read = lookupProduct;\n",
  },
  cleanRemote: {
    filePath: 'checkout-mfe/src/order/cleanReader.ts',
    code:
      "import type { Product } from '@shop/shared';\n" +
      "import { readProductRecord } from '@shop/shared/catalog/productRecord';\n" +
      "import { loadOrderLines } from './orderLines';\n" +
      "export const read = (raw: unknown): Product | null => readProductRecord('p1', raw);\n" +
      'export const lines = loadOrderLines;\n',
  },
  cleanShared: {
    filePath: 'shared/src/cart/cleanReuse.ts',
    code: "import { addProduct } from './cartDomain';\nexport const add = addProduct;\n",
  },
} satisfies Record<string, Snippet>;

type CaseName = keyof typeof CASES;
let reports: Record<CaseName, Reported[]>;

beforeAll(() => {
  const names = Object.keys(CASES) as CaseName[];
  const results = lint(names.map((name) => CASES[name]));
  reports = Object.fromEntries(names.map((name, i) => [name, results[i] ?? []])) as Record<
    CaseName,
    Reported[]
  >;
}, 120_000);

const BOUNDARY_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths'];

/**
 * The one report of `ruleId` for a snippet. An import by package name that resolves to a file is
 * reported by both boundary rules (name and path); nothing else may be reported.
 */
const reportOf = (name: CaseName, ruleId: string) => {
  expect(
    reports[name].map((r) => r.ruleId).filter((id) => !BOUNDARY_RULES.includes(id ?? '')),
  ).toEqual([]);
  const mine = reports[name].filter((r) => r.ruleId === ruleId);
  expect(mine).toHaveLength(1);
  return mine[0] as Reported;
};

describe('no app imports another app', () => {
  it('refuses a remote importing another remote by package name', () => {
    expect(reportOf('remoteImportsRemoteByName', 'no-restricted-imports')).toEqual({
      ruleId: 'no-restricted-imports',
      line: 1,
      message: expect.stringContaining(APP_MESSAGE('catalog-mfe')),
    });
  });

  it('refuses a remote importing the shell by package name', () => {
    expect(reportOf('remoteImportsShellByName', 'no-restricted-imports')).toMatchObject({
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining(APP_MESSAGE('cart-mfe')),
    });
  });

  it('refuses a remote importing another remote by relative path', () => {
    expect(reportOf('remoteImportsRemoteByPath', 'import-x/no-restricted-paths')).toMatchObject({
      ruleId: 'import-x/no-restricted-paths',
      line: 1,
      message: expect.stringContaining(APP_MESSAGE('checkout-mfe')),
    });
  });

  it('refuses a remote importing the shell by relative path', () => {
    expect(reportOf('remoteImportsShellByPath', 'import-x/no-restricted-paths')).toMatchObject({
      ruleId: 'import-x/no-restricted-paths',
      message: expect.stringContaining(APP_MESSAGE('account-mfe')),
    });
  });

  it('refuses the shell importing a remote (remotes are loaded at run time)', () => {
    expect(reportOf('shellImportsRemote', 'no-restricted-imports')).toMatchObject({
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining(APP_MESSAGE('shell')),
    });
  });

  it('lets a remote import @shop/shared and its own modules', () => {
    expect(reports.cleanRemote).toEqual([]);
  });
});

describe('@shop/shared imports no app', () => {
  it('by package name', () => {
    expect(reportOf('sharedImportsAppByName', 'no-restricted-imports')).toMatchObject({
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining(SHARED_MESSAGE),
    });
  });

  it('by relative path', () => {
    expect(reportOf('sharedImportsAppByPath', 'import-x/no-restricted-paths')).toMatchObject({
      ruleId: 'import-x/no-restricted-paths',
      message: expect.stringContaining(SHARED_MESSAGE),
    });
  });

  it('while its own modules import each other freely', () => {
    expect(reports.cleanShared).toEqual([]);
  });
});

describe('no import cycles, type-only imports included (decision 5501)', () => {
  // Real files are needed for a cycle: a throwaway copy of the layout, linted with our config.
  let dir: string;
  const FILES: Record<string, string> = {
    'shared/src/firebase/backend.ts':
      "import { load } from './sdk';\nexport const backend = () => load();\n",
    'shared/src/firebase/sdk.ts':
      "import { backend } from './backend';\nexport const load = () => backend;\n",
    'shared/src/firebase/types.ts':
      "import type { Sdk } from './sdkTyped';\nexport interface Backend { sdk: Sdk }\n",
    'shared/src/firebase/sdkTyped.ts':
      "import type { Backend } from './types';\nexport interface Sdk { backend: Backend }\n",
    // Three modules round: a re-export and a type import close it.
    'shared/src/order/record.ts':
      "export * from './answer';\nexport interface OrderRecord { id: string }\n",
    'shared/src/order/answer.ts':
      "import { type Status } from './status';\nexport type Answer = { status: Status };\n",
    'shared/src/order/status.ts':
      "import type { OrderRecord } from './record';\nexport type Status = OrderRecord['id'];\n",
    // Uses a cycle without being in one.
    'shared/src/order/reader.ts':
      "import type { Backend } from '../firebase/types';\nexport type Reader = Backend;\n",
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-cycle-'));
    for (const [path, code] of Object.entries(FILES)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), code);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // What each fixture reports, from one ESLint process (starting one takes a second).
  let reports: Record<string, Reported[]>;
  beforeAll(() => {
    const paths = Object.keys(FILES);
    const reported = lint(
      paths.map((filePath) => ({ filePath, code: FILES[filePath] as string })),
      { cwd: dir, configFile: join(ROOT, 'eslint.config.mjs') },
    );
    reports = Object.fromEntries(paths.map((path, at) => [path, reported[at] ?? []]));
  });
  const cycle = (line: number, ...chain: string[]) => ({
    ruleId: 'shop/no-cycle',
    line,
    message: `Import cycle: ${chain.join(' → ')}. Move what both modules need into a module of its own (type-only imports count: decision 5501).`,
  });

  it('reports a module importing a module that imports it back, values or types alike', () => {
    expect(reports['shared/src/firebase/backend.ts']).toEqual([
      cycle(
        1,
        'shared/src/firebase/backend.ts',
        'shared/src/firebase/sdk.ts',
        'shared/src/firebase/backend.ts',
      ),
    ]);
    expect(reports['shared/src/firebase/types.ts']).toEqual([
      cycle(
        1,
        'shared/src/firebase/types.ts',
        'shared/src/firebase/sdkTyped.ts',
        'shared/src/firebase/types.ts',
      ),
    ]);
  });

  it('follows re-exports and longer chains, and names every module on the way', () => {
    expect(reports['shared/src/order/record.ts']).toEqual([
      cycle(
        1,
        'shared/src/order/record.ts',
        'shared/src/order/answer.ts',
        'shared/src/order/status.ts',
        'shared/src/order/record.ts',
      ),
    ]);
  });

  it('leaves a module alone that imports a cycle without being part of it', () => {
    expect(reports['shared/src/order/reader.ts']).toEqual([]);
  });
});

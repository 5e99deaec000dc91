// The team boundaries of eslint.config.mjs (decision 1201), proven on snippets at realistic paths:
// each rule reports what it must, with its message, and clean code passes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('no import cycles', () => {
  // Real files are needed for a cycle: a throwaway copy of the layout, linted with our config.
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-cycle-'));
    mkdirSync(join(dir, 'shared/src/firebase'), { recursive: true });
    const write = (path: string, code: string) => writeFileSync(join(dir, path), code);
    write(
      'shared/src/firebase/backend.ts',
      "import { load } from './sdk';\nexport const backend = () => load();\n",
    );
    write(
      'shared/src/firebase/sdk.ts',
      "import { backend } from './backend';\nexport const load = () => backend;\n",
    );
    write(
      'shared/src/firebase/types.ts',
      "import type { Sdk } from './sdkTyped';\nexport interface Backend { sdk: Sdk }\n",
    );
    write(
      'shared/src/firebase/sdkTyped.ts',
      "import type { Backend } from './types';\nexport interface Sdk { backend: Backend }\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lintFixture = (filePath: string, code: string) =>
    lint([{ filePath, code }], { cwd: dir, configFile: join(ROOT, 'eslint.config.mjs') })[0];

  it('reports a module importing a module that imports it back', () => {
    const reported = lintFixture(
      'shared/src/firebase/backend.ts',
      "import { load } from './sdk';\nexport const backend = () => load();\n",
    );
    expect(reported).toEqual([
      {
        ruleId: 'import-x/no-cycle',
        line: 1,
        message: expect.stringMatching(/^Dependency cycle detected/),
      },
    ]);
  });

  it('leaves type-only imports alone (erased at build time, no order of evaluation)', () => {
    const reported = lintFixture(
      'shared/src/firebase/types.ts',
      "import type { Sdk } from './sdkTyped';\nexport interface Backend { sdk: Sdk }\n",
    );
    expect(reported).toEqual([]);
  });
});

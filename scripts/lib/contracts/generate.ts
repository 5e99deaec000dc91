// An app's contract, derived from its code (decision 5001): nothing in contract.json is written
// by hand. One program reads every app (program.ts); `generateContracts` returns them all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUS_EVENTS, eventsOf } from './events';
import { exportsOf, exposedModules, usedExposes, usedRouteModuleExports } from './exposes';
import { createContractProgram, type ContractProgram } from './program';
import { offeredRoutes, readRouteList, usedRoles } from './routes';
import { hostProvides, sharedSingletons, takesFromHost } from './server';
import { CATALOG_QUERY, offeredAnswers, usedAnswers } from './services';
import { sharedPathsUsed } from './sharedUses';
import type { Contract, JsonSchema } from './types';

export interface TreeApps {
  /** The tree's root: the repository, or a copy of its parts. */
  root: string;
  /** App → its folder, as tooling/apps.json lists them (the shell first). */
  apps: Record<string, string>;
}

/** The apps of the tree's tooling/apps.json. */
export function readTreeApps(root: string): TreeApps {
  const file = JSON.parse(readFileSync(join(root, 'tooling/apps.json'), 'utf8')) as {
    apps: Record<string, { dir: string }>;
  };
  return {
    root,
    apps: Object.fromEntries(Object.entries(file.apps).map(([app, { dir }]) => [app, dir])),
  };
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

function payloadSchemas(tree: ContractProgram, events: string[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    events.map((name) => {
      const { file, type } = BUS_EVENTS[name]!.payload;
      return [name, tree.schemaOf(file, type)];
    }),
  );
}

function sharedPathsOf(tree: ContractProgram, dir: string): Set<string> {
  const paths = new Set<string>();
  for (const source of tree.sourcesOf(dir))
    for (const path of sharedPathsUsed(source)) paths.add(path);
  return paths;
}

function contractOf(
  tree: ContractProgram,
  app: string,
  dir: string,
  singletons: ReturnType<typeof sharedSingletons>,
): Contract {
  const list = readRouteList(tree.root, dir);
  const { routes, roles } = offeredRoutes(list);
  const sharedPaths = sharedPathsOf(tree, dir);
  const events = eventsOf(sharedPaths);
  const browserModules = exposedModules(tree.root, dir, list, 'webpack.config.cjs');
  const serverModules = exposedModules(tree.root, dir, list, 'webpack.server.cjs');
  const isShell = app === 'shell';
  const exposes = sortedKeys(
    Object.fromEntries(
      Object.entries(browserModules).map(([module, file]) => [
        module,
        exportsOf(tree, join(tree.root, dir, file)),
      ]),
    ),
  );
  const answersOffered = app === 'catalog' ? offeredAnswers(tree) : {};
  const answersUsed = usedAnswers(tree, dir, sharedPaths);
  const routeModules = usedRouteModuleExports(tree, dir);
  return {
    app,
    offers: {
      routes,
      roles: sortedKeys(roles),
      exposes,
      events: { emits: payloadSchemas(tree, events.emits) },
      ...(isShell
        ? {}
        : {
            server: {
              exposes: Object.keys(serverModules).sort(),
              takesFromHost: takesFromHost(singletons),
            },
          }),
      ...(app === 'catalog' ? { services: { [CATALOG_QUERY]: answersOffered } } : {}),
    },
    uses: {
      events: payloadSchemas(tree, events.handles),
      roles: sortedKeys(usedRoles(tree, dir)),
      exposes: sortedKeys(usedExposes(tree, dir)),
      ...(routeModules ? { routeModules } : {}),
      services: Object.keys(answersUsed).length > 0 ? { [CATALOG_QUERY]: answersUsed } : {},
      ...(isShell ? { server: { hostProvides: hostProvides(singletons) } } : {}),
    },
  };
}

/** Every app's contract as its code says now. */
export function generateContracts(tree: TreeApps): Record<string, Contract> {
  const program = createContractProgram(tree.root, Object.values(tree.apps));
  const singletons = sharedSingletons(tree.root);
  return Object.fromEntries(
    Object.entries(tree.apps).map(([app, dir]) => [app, contractOf(program, app, dir, singletons)]),
  );
}

/** The file a contract is kept in, and its text (stable: keys in code order, two spaces). */
export const contractFile = (tree: TreeApps, app: string) =>
  join(tree.root, tree.apps[app]!, 'contract.json');
export const contractText = (contract: Contract) => `${JSON.stringify(contract, null, 2)}\n`;

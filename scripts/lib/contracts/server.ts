// The server containers (decision 1302, tooling/webpack.server.cjs): a remote's container takes
// React, the router and @shop/shared from the shell server (`import: false`), each with the
// version range of `sharedSingletons()` in tooling/webpack.factory.cjs; the shell server provides
// the versions installed with it. A host version outside a container's range breaks its pages.
import { createRequire } from 'node:module';
import { join } from 'node:path';

interface SharedSingleton {
  requiredVersion: string;
  version: string;
}

/** `sharedSingletons()` of the tree's webpack factory: module → its range and installed version. */
export function sharedSingletons(root: string): Record<string, SharedSingleton> {
  // The factory is CommonJS tooling, required as the app's webpack configs require it.
  const file = join(root, 'tooling/webpack.factory.cjs');
  const factory = createRequire(file)(file) as {
    sharedSingletons: () => Record<string, SharedSingleton>;
  };
  return factory.sharedSingletons();
}

export function takesFromHost(singletons: Record<string, SharedSingleton>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(singletons).map(([name, { requiredVersion }]) => [name, requiredVersion]),
  );
}

export function hostProvides(singletons: Record<string, SharedSingleton>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(singletons).map(([name, { version }]) => [name, version]),
  );
}

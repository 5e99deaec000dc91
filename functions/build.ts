// Bundles src/index.ts (with the parts of @shop/shared and database/src it uses) into lib/index.js,
// the file the Functions emulator runs and `firebase deploy` uploads. firebase-functions,
// firebase-admin and stripe stay external: they are this package's dependencies.
import { type Plugin, build } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `@shop/shared/<module>` → shared/src/<module>.ts (the package's "./*" export, as TS sees it). */
const sharedModules: Plugin = {
  name: 'shared-modules',
  setup(b) {
    b.onResolve({ filter: /^@shop\/shared\/.+/ }, (args) => {
      const base = join(__dirname, '../shared/src', args.path.slice('@shop/shared/'.length));
      const file = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
      return file ? { path: file } : { errors: [{ text: `no module ${args.path}` }] };
    });
  },
};

/** Bundles into `outfile` (lib/index.js; a test's own copy elsewhere). */
export async function buildFunctions(outfile = join(__dirname, 'lib/index.js')): Promise<void> {
  await build({
    entryPoints: [join(__dirname, 'src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['firebase-functions', 'firebase-admin', 'stripe'],
    plugins: [sharedModules],
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (require.main === module) {
  buildFunctions().then(
    () => console.log('functions: lib/index.js built'),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

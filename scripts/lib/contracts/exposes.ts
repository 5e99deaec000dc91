// Exposed modules (Module Federation): what a remote's containers expose, read from the inputs of
// its webpack configs as tooling/webpack.factory.cjs and webpack.server.cjs combine them (every
// route list entry's module → file, plus the config's own `exposes`), with each module's exports
// and their types; and what the shell loads of them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ContractProgram } from './program';
import type { RouteListEntry } from './routes';

/** The `exposes: { './MiniBasket': './src/…' }` a webpack config passes to its factory. */
export function configExposes(configFile: string): Record<string, string> {
  if (!existsSync(configFile)) return {};
  const source = ts.createSourceFile(
    configFile,
    readFileSync(configFile, 'utf8'),
    ts.ScriptTarget.ES2022,
  );
  const found: Record<string, string> = {};
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'exposes' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          ts.isStringLiteral(property.name) &&
          ts.isStringLiteral(property.initializer)
        ) {
          found[property.name.text] = property.initializer.text;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Exposed module → its source file (from the app's folder), as the factories build it. */
export function exposedModules(
  root: string,
  appDirName: string,
  routes: RouteListEntry[],
  configName: 'webpack.config.cjs' | 'webpack.server.cjs',
): Record<string, string> {
  const modules = { ...configExposes(join(root, appDirName, configName)) };
  for (const route of routes) modules[route.module] = route.file;
  return modules;
}

const typeText = (checker: ts.TypeChecker, type: ts.Type) =>
  checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);

/** Each export of the module in `file` and its type as the checker writes it. */
export function exportsOf(tree: ContractProgram, file: string): Record<string, string> {
  const source = tree.program.getSourceFile(file);
  if (!source) throw new Error(`contracts: ${tree.rel(file)} is exposed but not in the program`);
  const moduleSymbol = tree.checker.getSymbolAtLocation(source);
  const exports: Record<string, string> = {};
  for (const symbol of moduleSymbol ? tree.checker.getExportsOfModule(moduleSymbol) : []) {
    const target =
      symbol.flags & ts.SymbolFlags.Alias ? tree.checker.getAliasedSymbol(symbol) : symbol;
    // Types are erased: a consumer can load only values.
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    exports[symbol.name] = typeText(
      tree.checker,
      tree.checker.getTypeOfSymbolAtLocation(target, source),
    );
  }
  return Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
}

/** The string value of `name="…"` in JSX or `name: '…'` in an object literal, if literal. */
function literalProperty(
  properties: ts.NodeArray<ts.ObjectLiteralElementLike | ts.JsxAttributeLike>,
  name: string,
): string | undefined {
  for (const property of properties) {
    if (ts.isJsxAttribute(property) && ts.isIdentifier(property.name)) {
      if (property.name.text === name && property.initializer) {
        const value = property.initializer;
        if (ts.isStringLiteral(value)) return value.text;
      }
    } else if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
      if (property.name.text === name && ts.isStringLiteralLike(property.initializer)) {
        return property.initializer.text;
      }
    }
  }
  return undefined;
}

/**
 * The exposed modules the app names with their remote (`<RemoteRegion remote="cart"
 * exposed="./MiniBasket">`, `{ remote: 'cart', exposed: './MiniBasket' }`). A region
 * (RemoteRegion, shell/src/remotes) renders the module's default export; a reference elsewhere
 * (a preload) needs only the module.
 */
export function usedExposes(
  tree: ContractProgram,
  appDirName: string,
): Record<string, Record<string, string[]>> {
  const used: Record<string, Record<string, string[]>> = {};
  const add = (remote: string, exposed: string, names: string[]) => {
    const module = ((used[remote] ??= {})[exposed] ??= []);
    for (const name of names) if (!module.includes(name)) module.push(name);
  };
  for (const source of tree.sourcesOf(appDirName)) {
    const visit = (node: ts.Node): void => {
      if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        const remote = literalProperty(node.attributes.properties, 'remote');
        const exposed = literalProperty(node.attributes.properties, 'exposed');
        const isRegion = ts.isIdentifier(node.tagName) && node.tagName.text === 'RemoteRegion';
        if (remote && exposed) add(remote, exposed, isRegion ? ['default'] : []);
      } else if (ts.isObjectLiteralExpression(node)) {
        const remote = literalProperty(node.properties, 'remote');
        const exposed = literalProperty(node.properties, 'exposed');
        if (remote && exposed) add(remote, exposed, []);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const modules of Object.values(used))
    for (const names of Object.values(modules)) names.sort();
  return used;
}

/**
 * What the app requires of every route module a remote lists: the required members of
 * `RemoteRouteModule` (shared/src/routing.ts), when its code loads route modules as that type
 * (the shell). Undefined for an app that does not.
 */
export function usedRouteModuleExports(
  tree: ContractProgram,
  appDirName: string,
): string[] | undefined {
  let required: string[] | undefined;
  for (const source of tree.sourcesOf(appDirName)) {
    const visit = (node: ts.Node): void => {
      if (
        required === undefined &&
        ts.isTypeReferenceNode(node) &&
        ts.isIdentifier(node.typeName) &&
        node.typeName.text === 'RemoteRouteModule'
      ) {
        const type = tree.checker.getTypeFromTypeNode(node);
        required = type
          .getProperties()
          .filter((property) => !(property.flags & ts.SymbolFlags.Optional))
          .map((property) => property.name)
          .sort();
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return required;
}

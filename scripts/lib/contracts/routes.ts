// Pages and links by role (shared/CONTRACT.md §9): what a remote's route list offers (its pages,
// the roles other teams link to them by, each role's params) and which roles an app links to.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ContractProgram } from './program';
import type { OfferedRole, OfferedRoute, UsedRole } from './types';

export interface RouteListEntry {
  path: string;
  module: string;
  file: string;
  private?: boolean;
  roles?: Record<string, string>;
}

/** The app's `src/routes/routes.json` (the shell has none). */
export function readRouteList(root: string, appDirName: string): RouteListEntry[] {
  const file = join(root, appDirName, 'src/routes/routes.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteListEntry[]) : [];
}

/** A role's params: the `:name` segments of its address's path (the query is not filled). */
export function addressParams(address: string): string[] {
  const path = address.split('?')[0]!;
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

/** A layout and its index share a path: an entry is told by its path and module. */
const routeKey = (entry: RouteListEntry, list: RouteListEntry[]) =>
  list.filter((other) => other.path === entry.path).length > 1
    ? `${entry.path} ${entry.module}`
    : entry.path;

export function offeredRoutes(list: RouteListEntry[]): {
  routes: Record<string, OfferedRoute>;
  roles: Record<string, OfferedRole>;
} {
  const routes: Record<string, OfferedRoute> = {};
  const roles: Record<string, OfferedRole> = {};
  for (const entry of list) {
    routes[routeKey(entry, list)] = {
      module: entry.module,
      private: entry.private === true,
      roles: entry.roles ?? {},
    };
    for (const [role, address] of Object.entries(entry.roles ?? {})) {
      roles[role] = { address, params: addressParams(address) };
    }
  }
  return { routes, roles };
}

/**
 * A parameter declared `LinkRole` (shared/src/routes/roles.ts): its argument names a role. Read
 * from the declaration: the checker writes the type as the union of the roles, without its name.
 */
function isLinkRoleParameter(checker: ts.TypeChecker, call: ts.CallExpression, index: number) {
  const declaration = checker.getResolvedSignature(call)?.getParameters()[index]?.valueDeclaration;
  if (!declaration || !ts.isParameter(declaration) || !declaration.type) return false;
  const type = declaration.type;
  return ts.isTypeReferenceNode(type) && type.typeName.getText() === 'LinkRole';
}

/** The keys of an object literal argument (`{ id }`, `{ id: x }`); none for anything else. */
function literalKeys(node: ts.Expression | undefined): string[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((property) =>
    (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
    (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? [property.name.text]
      : [],
  );
}

/**
 * The roles the app's code links to: every call passing a role (a string where a `LinkRole` is
 * expected: `hrefFor('product', { id })`, the shell's `roleLink(lists, 'basket')`), with the
 * params of the object passed after it.
 */
export function usedRoles(tree: ContractProgram, appDirName: string): Record<string, UsedRole> {
  const roles: Record<string, UsedRole> = {};
  for (const source of tree.sourcesOf(appDirName)) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        node.arguments.forEach((argument, index) => {
          if (!ts.isStringLiteralLike(argument)) return;
          if (!isLinkRoleParameter(tree.checker, node, index)) return;
          const used = (roles[argument.text] ??= { params: [], at: [] });
          for (const key of literalKeys(node.arguments[index + 1])) {
            if (!used.params.includes(key)) used.params.push(key);
          }
          const file = tree.rel(source.fileName);
          if (!used.at.includes(file)) used.at.push(file);
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const used of Object.values(roles)) {
    used.params.sort();
    used.at.sort();
  }
  return roles;
}

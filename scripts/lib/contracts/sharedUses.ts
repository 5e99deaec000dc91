// Which `@shop/shared` exports an app's code reaches for, as dotted paths from the import:
// `cartActions.addProduct`, `bus.toasts$`, `basketChannels().session$`, `<ShopToaster />` →
// `ShopToaster`. Read from the syntax tree (imports resolved by name, type-only imports left
// out), so a comment or a string naming a publisher is not a use.
import ts from 'typescript';

/** Local name → the name `@shop/shared` (or one of its sub-paths) exports it under. */
function sharedImports(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    if (!/^@shop\/shared(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (element.isTypeOnly) continue;
      names.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  return names;
}

/** Every dotted path (and each of its prefixes) the file reaches from a shared import. */
export function sharedPathsUsed(source: ts.SourceFile): Set<string> {
  const imports = sharedImports(source);
  const used = new Set<string>();
  if (imports.size === 0) return used;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && imports.has(node.text) && !isDeclarationName(node)) {
      let path = imports.get(node.text)!;
      used.add(path);
      let at: ts.Node = node;
      for (;;) {
        const parent = at.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === at) {
          path += `.${parent.name.text}`;
        } else if (ts.isCallExpression(parent) && parent.expression === at) {
          path += '()';
        } else break;
        used.add(path);
        at = parent;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** The name in `import { x }`, `{ x: 1 }` or `a.x` is no reference to the import `x`. */
function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ts.isImportSpecifier(parent) ||
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node)
  );
}

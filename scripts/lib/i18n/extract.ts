// The texts an app writes for `t()` (shared/CONTRACT.md §9b), read with the TypeScript compiler
// rather than a pattern: `t('…')` and `t("…")` and `t(`…`)` without substitutions (and
// `translatable('…')`, a table's text shown translated elsewhere), a route
// module's `handle` title and description, the spec's `MESSAGES` (docs/product.md §8: published in
// English, written in the page's language where shown), and its route list's titles and navigation labels. A
// `t()` whose first argument is not a literal is a problem: the check could not list its text.
import ts from 'typescript';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

export interface Extracted {
  texts: string[];
  problems: Problem[];
}

const HANDLE_FIELDS = new Set(['title', 'description']);
/** `t('…')`, and `translatable('…')`: a text of a table, translated where it is shown. */
const TEXT_CALLS = new Set(['t', 'translatable']);

const literalText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

const nameOf = (name: ts.PropertyName | ts.BindingName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** The texts of one source file: its `t()` calls and its route `handle`s. */
export function extractTexts(file: string, source: string): Extracted {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const texts: string[] = [];
  const problems: Problem[] = [];
  const lineOf = (node: ts.Node) => tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const handleTexts = (object: ts.Expression | undefined) => {
    if (!object || !ts.isObjectLiteralExpression(object)) return;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = nameOf(property.name);
      const text = literalText(property.initializer);
      if (name && HANDLE_FIELDS.has(name) && text !== undefined) texts.push(text);
    }
  };
  // The spec's messages: each string of the `MESSAGES` table (functions write their own).
  const tableTexts = (object: ts.Expression | undefined) => {
    if (!object) return;
    const table = ts.isAsExpression(object) ? object.expression : object;
    if (!ts.isObjectLiteralExpression(table)) return;
    for (const property of table.properties) {
      const text = ts.isPropertyAssignment(property)
        ? literalText(property.initializer)
        : undefined;
      if (text !== undefined) texts.push(text);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && nameOf(node.name) === 'MESSAGES') {
      tableTexts(node.initializer);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      TEXT_CALLS.has(node.expression.text)
    ) {
      const text = literalText(node.arguments[0]);
      if (text === undefined) {
        problems.push({
          file,
          line: lineOf(node),
          message: `${node.expression.text}() needs its English text written out: ${node.getText(tree).slice(0, 80)}`,
        });
      } else texts.push(text);
    } else if (
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
      nameOf(node.name) === 'handle'
    ) {
      handleTexts(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { texts, problems };
}

interface RouteListTexts {
  title?: unknown;
  nav?: { label?: unknown };
}

/** A route list's texts (routes.json): its pages' titles and navigation labels. */
export function routeListTexts(list: readonly RouteListTexts[]): string[] {
  return list.flatMap((entry) =>
    [entry.title, entry.nav?.label].filter((text): text is string => typeof text === 'string'),
  );
}

/** Each text once, in a stable order (code-point order: the same on every machine). */
export const sortedTexts = (texts: Iterable<string>): string[] =>
  [...new Set(texts)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

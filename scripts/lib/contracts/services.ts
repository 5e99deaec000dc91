// The catalog's query service (decision 3601; shared/CONTRACT.md §10b): the answers it serves and
// their types, and which answers an app's code reads, as what type. The service writes its
// answers as text, so their types are the ones its clients are written against, named here once;
// an answer counts as offered only while the service's `answerFor` still serves its path.
import { join } from 'node:path';
import ts from 'typescript';
import type { ContractProgram } from './program';
import type { JsonSchema } from './types';

export const CATALOG_QUERY = 'catalog-query';
const SERVICE_FILE = 'catalog-mfe/service/src/catalogService.ts';
const QUERY_TYPES = 'catalog-mfe/src/catalog/catalogQuery.ts';
const COMPLETE_THE_LOOK = 'shared/src/catalog/completeTheLook.ts';

interface Answer {
  type: { file: string; name: string };
  /** How `answerFor` recognises the path: a string, a constant's name or a pattern's text. */
  servedWhen: string;
}

export const CATALOG_ANSWERS: Record<string, Answer> = {
  '/v1/products': {
    type: { file: QUERY_TYPES, name: 'ListingResult' },
    servedWhen: '/v1/products',
  },
  '/v1/home': { type: { file: QUERY_TYPES, name: 'HomeResult' }, servedWhen: '/v1/home' },
  '/v1/products/{id}/related': {
    type: { file: QUERY_TYPES, name: 'RelatedResult' },
    servedWhen: String.raw`/^\/v1\/products\/([^/]{1,200})\/related$/`,
  },
  '/v1/related': {
    type: { file: COMPLETE_THE_LOOK, name: 'CompleteTheLookResult' },
    servedWhen: 'COMPLETE_THE_LOOK_PATH',
  },
};

/** Shared clients of the service: calling one reads that answer as that type. */
const SHARED_CLIENTS: Record<string, { answer: string; file: string; name: string }> = {
  fetchCompleteTheLook: {
    answer: '/v1/related',
    file: COMPLETE_THE_LOOK,
    name: 'CompleteTheLookResult',
  },
};

/** An answer's path with its parameters unnamed, to match `/v1/products/{id}/related` to a use. */
export const answerShape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** What `answerFor` in the service compares the path with: strings, constants, patterns. */
function servedMarkers(tree: ContractProgram): Set<string> {
  const source = tree.program.getSourceFile(join(tree.root, SERVICE_FILE));
  const markers = new Set<string>();
  const answerFor = source?.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === 'answerFor',
  );
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) markers.add(node.text);
    else if (ts.isIdentifier(node)) markers.add(node.text);
    else if (ts.isRegularExpressionLiteral(node)) markers.add(node.text);
    ts.forEachChild(node, visit);
  };
  if (answerFor) visit(answerFor);
  return markers;
}

/** The catalog's offer: each answer its service serves now, with its JSON Schema. */
export function offeredAnswers(tree: ContractProgram): Record<string, JsonSchema> {
  const served = servedMarkers(tree);
  const answers: Record<string, JsonSchema> = {};
  for (const [path, answer] of Object.entries(CATALOG_ANSWERS)) {
    if (served.has(answer.servedWhen)) {
      answers[path] = tree.schemaOf(answer.type.file, answer.type.name);
    }
  }
  return answers;
}

/** A path argument as the service sees it: `${…}` parts become `{}`. */
function pathOf(argument: ts.Expression | undefined): string | undefined {
  if (!argument) return undefined;
  if (ts.isStringLiteralLike(argument)) return argument.text;
  if (ts.isTemplateExpression(argument)) {
    return (
      argument.head.text + argument.templateSpans.map((span) => `{}${span.literal.text}`).join('')
    );
  }
  return undefined;
}

/**
 * The answers the app's code reads: through a shared client (`fetchCompleteTheLook`), or the
 * catalog's own `fetchCatalog<T>(path)` (catalog-mfe/src/catalog/catalogClient.ts), as `T`.
 */
export function usedAnswers(
  tree: ContractProgram,
  appDirName: string,
  sharedPaths: ReadonlySet<string>,
): Record<string, JsonSchema> {
  const answers: Record<string, JsonSchema> = {};
  for (const [client, read] of Object.entries(SHARED_CLIENTS)) {
    if (sharedPaths.has(client)) answers[read.answer] = tree.schemaOf(read.file, read.name);
  }
  for (const source of tree.sourcesOf(appDirName)) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'fetchCatalog' &&
        node.typeArguments?.length === 1
      ) {
        const path = pathOf(node.arguments[0]);
        const declaration = tree.checker
          .getTypeFromTypeNode(node.typeArguments[0]!)
          .getSymbol()
          ?.getDeclarations()?.[0];
        if (path !== undefined && declaration) answers[path] = tree.schemaOfNode(declaration);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
}

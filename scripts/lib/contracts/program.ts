// One TypeScript program over a tree's apps (their `src`, tests left out, and the catalog's query
// service), read once per run: the route, exposes and event scans and every JSON Schema share it
// (one checker, one schema generator), which keeps a check of all the apps to a few seconds.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import {
  createFormatter,
  createParser,
  SchemaGenerator,
  DEFAULT_CONFIG,
  type CompletedConfig,
  type Schema,
} from 'ts-json-schema-generator';
import type { JsonSchema } from './types';

/** The sources an app ships: everything under `src` but its tests and test helpers. */
const isShippedSource = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourcesUnder(path));
    else if (isShippedSource(entry.name)) files.push(path);
  }
  return files;
}

export interface ContractProgram {
  /** The tree's root (the repository, or a copy of its parts in a test). */
  root: string;
  program: ts.Program;
  checker: ts.TypeChecker;
  /** `file` from the tree's root, with `/` (contract files read the same on every machine). */
  rel: (file: string) => string;
  /** The app's shipped source files (absolute). */
  sourcesOf: (appDirName: string) => ts.SourceFile[];
  /** The JSON Schema of the type `name` declared in `file` (from the root), definitions inline. */
  schemaOf: (file: string, name: string) => JsonSchema;
  /** The JSON Schema of a declaration node (a type's, or one `fetchCatalog<T>` names). */
  schemaOfNode: (node: ts.Node) => JsonSchema;
}

/**
 * `@shop/shared` is the tree's own `shared/src` (as jest.config.cjs maps it), not the workspace
 * link in node_modules: a copy of the tree with a changed shared module must read its change.
 */
function compilerOptions(root: string): ts.CompilerOptions {
  const sharedSrc = join(root, 'shared/src');
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    paths: {
      '@shop/shared': [join(sharedSrc, 'index.ts')],
      '@shop/shared/*': [join(sharedSrc, '*')],
    },
  };
}

/**
 * The generator leaves an interface's methods out (it keeps function-typed properties as text):
 * a service's methods are what its users call, so they are listed the same way.
 */
function withMethods(
  schema: JsonSchema,
  declaration: ts.InterfaceDeclaration | ts.TypeAliasDeclaration,
  checker: ts.TypeChecker,
): JsonSchema {
  if (!ts.isInterfaceDeclaration(declaration)) return schema;
  const methods = declaration.members.filter(ts.isMethodSignature);
  if (methods.length === 0) return schema;
  const properties = { ...schema.properties };
  const required = new Set(schema.required);
  for (const method of methods) {
    const name = method.name.getText();
    const text = checker.typeToString(
      checker.getTypeAtLocation(method),
      undefined,
      ts.TypeFormatFlags.NoTruncation,
    );
    properties[name] = { $comment: text };
    if (!method.questionToken) required.add(name);
  }
  const sorted = Object.fromEntries(
    Object.entries(properties).sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...schema, properties: sorted, required: [...required].sort() };
}

export function createContractProgram(
  root: string,
  appDirNames: readonly string[],
): ContractProgram {
  const rootNames = [
    ...appDirNames.flatMap((dir) => sourcesUnder(join(root, dir, 'src'))),
    ...sourcesUnder(join(root, 'catalog-mfe/service/src')),
    ...['types/assets.d.ts'].map((file) => join(root, file)).filter(existsSync),
  ];
  const program = ts.createProgram({ rootNames, options: compilerOptions(root) });
  const checker = program.getTypeChecker();
  const rel = (file: string) => relative(root, file).split(sep).join('/');
  // One parser and formatter for the run; functions (a service's methods) are kept as their type
  // text, so an interface of methods still lists its members.
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    expose: 'none',
    topRef: false,
    jsDoc: 'none',
    skipTypeCheck: true,
    additionalProperties: true,
    functions: 'comment',
    sortProps: true,
  };
  const generator = new SchemaGenerator(
    program,
    createParser(program, config),
    createFormatter(config),
    config,
  );
  const schemaOfNode = (node: ts.Node): JsonSchema => {
    const schema: Schema = generator.createSchemaFromNodes([node]);
    // The draft is implied, and a type without named parts has no definitions.
    const { $schema: _draft, definitions, ...rest } = schema;
    const named = definitions && Object.keys(definitions).length > 0 ? { definitions } : {};
    return { ...rest, ...named } as JsonSchema;
  };
  const schemaOf = (file: string, name: string): JsonSchema => {
    const source = program.getSourceFile(join(root, file));
    if (!source) throw new Error(`contracts: ${file} is not in the program`);
    const declaration = source.statements.find(
      (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        statement.name.text === name,
    );
    if (!declaration) throw new Error(`contracts: no type ${name} in ${file}`);
    return withMethods(schemaOfNode(declaration), declaration, checker);
  };
  const sourcesOf = (appDirName: string) => {
    const prefix = join(root, appDirName, 'src') + sep;
    return program
      .getSourceFiles()
      .filter((file) => file.fileName.startsWith(prefix) && isShippedSource(file.fileName));
  };
  return { root, program, checker, rel, sourcesOf, schemaOf, schemaOfNode };
}

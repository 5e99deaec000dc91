// `shop/no-cycle`: no module imports a module that leads back to it, type-only imports included
// (decision 5501). A cycle through types still means neither module can be read, moved or
// tested without the other; import-x's own rule skips type imports, so this one replaces it.
// The graph is TypeScript's own view of the imports (`preProcessFile`, `resolveModuleName`), so
// `import type`, `export … from`, `import()` and `require()` all count; packages in node_modules
// do not (they cannot import us back).
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const RESOLUTION = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowJs: true,
};
const resolutionCache = ts.createModuleResolutionCache(process.cwd(), (name) => name, RESOLUTION);

/** The workspace modules one file's text imports: where the specifier is, the file it names. */
function importsIn(path, text) {
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos }) => {
    const { resolvedModule } = ts.resolveModuleName(
      fileName,
      path,
      RESOLUTION,
      ts.sys,
      resolutionCache,
    );
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return [];
    const target = resolvedModule.resolvedFileName;
    return target.includes('/node_modules/') ? [] : [{ pos, target }];
  });
}

// One lint run reads each file once; an editor's long-lived process sees a changed file again.
const importsOnDisk = new Map();
function importsOf(path) {
  const { mtimeMs } = statSync(path);
  const cached = importsOnDisk.get(path);
  if (cached?.mtimeMs === mtimeMs) return cached.imports;
  const imports = importsIn(path, readFileSync(path, 'utf8'));
  importsOnDisk.set(path, { mtimeMs, imports });
  return imports;
}

/** The shortest chain of modules from `start` back to `home` (both ends included), or null. */
function chainBack(start, home) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const { target } of importsOf(at)) {
      if (target === home) return [...pathTo(at, cameFrom), home];
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, at);
      queue.push(target);
    }
  }
  return null;
}

function pathTo(module, cameFrom) {
  const modules = [];
  for (let at = module; at; at = cameFrom.get(at)) modules.unshift(at);
  return modules;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included (decision 5501).' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Move what both modules need into a module of its own ' +
        '(type-only imports count: decision 5501).',
    },
  },
  create(context) {
    const path = context.physicalFilename;
    if (path === '<text>') return {};
    return {
      Program() {
        const { sourceCode } = context;
        for (const { pos, target } of importsIn(path, sourceCode.text)) {
          if (target === path) continue;
          const back = chainBack(target, path);
          if (!back) continue;
          const chain = [path, ...back].map((module) => relative(context.cwd, module));
          context.report({
            loc: sourceCode.getLocFromIndex(pos),
            messageId: 'cycle',
            data: { chain: chain.join(' → ') },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'shop-import-cycles' }, rules: { 'no-cycle': noCycle } };

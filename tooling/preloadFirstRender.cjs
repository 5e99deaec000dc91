// The shell's main.js is tiny: at its async boundary (`import('./bootstrap')`) it asks for the
// bootstrap chunk and for the shared modules it provides (React, the router, @shop/shared), and
// only then does the browser learn about them. Preloading those chunks from index.html lets them
// download while main.js does, which takes one round trip and main.js's run off the first paint
// (decision 0502). Only the entry's direct async children are listed, never what they load later
// (the Firebase SDK, remote code).
//
// Their styles (the layout's and @shop/shared's) are linked as stylesheets in the head: a page the
// server rendered is laid out with them from its first paint instead of jumping when the scripts
// bring them (decision 1302). The chunk loader finds them there (same address) and does not add
// them again.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadFirstRenderPlugin';

/**
 * Async children of the entry that a page loads only in a rare case, named by their
 * `webpackChunkName`: the registry's canary draw, only while a remote runs a canary (decision 4901),
 * and its check of QA overrides, only when a page asks for one (decision 5102).
 */
const ON_DEMAND = new Set(['canary', 'overrides']);

/** Files of the chunk groups the entry `main` loads at once (its async boundary + provides). */
function firstRenderFiles(compilation, extension = '.js') {
  const entry = compilation.entrypoints.get('main');
  if (!entry) return [];
  const entryChunks = new Set(entry.chunks);
  const files = new Set();
  for (const group of entry.getChildren()) {
    if (ON_DEMAND.has(group.name)) continue;
    for (const chunk of group.chunks) {
      if (entryChunks.has(chunk)) continue;
      for (const file of chunk.files) if (file.endsWith(extension)) files.add(file);
    }
  }
  return [...files].sort();
}

/** A team's texts in one language (`src/messages/de.json`, the shared package's too). */
const TEXTS_FILE = /[\\/]messages[\\/]([a-z]{2})\.json$/;

/**
 * Script files of the texts in each language other than English (the shell's and the shared
 * package's): `{ de: ['969.ab.js', '759.cd.js'] }`. A page in that language needs them before it
 * hydrates, so the shell server names them with the page's first scripts (decision 5101).
 */
function textsFiles(compilation) {
  const byLanguage = new Map();
  for (const chunk of compilation.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      const language = TEXTS_FILE.exec(module.resource ?? '')?.[1];
      if (!language) continue;
      const files = byLanguage.get(language) ?? new Set();
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      byLanguage.set(language, files);
    }
  }
  return new Map([...byLanguage].map(([language, files]) => [language, [...files].sort()]));
}

/** `<html data-texts-de="/969.ab.js /759.cd.js">`: the texts' scripts per language. */
function withTextsAttributes(html, texts, publicPath) {
  const attributes = [...texts]
    .map(
      ([language, files]) =>
        ` data-texts-${language}="${files.map((file) => publicPath + file).join(' ')}"`,
    )
    .join('');
  return html.replace(/<html([^>]*)>/, `<html$1${attributes}>`);
}

class PreloadFirstRenderPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      hooks.beforeEmit.tap(NAME, (data) => {
        data.html = withTextsAttributes(data.html, textsFiles(compilation), '/');
        return data;
      });
      hooks.alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath ?? '/';
        data.headTags.push(
          ...firstRenderFiles(compilation).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: publicPath + file,
            }),
          ),
        );
        return data;
      });
      // Last in the head: an inline script after a stylesheet would wait for it to load.
      hooks.alterAssetTagGroups.tap({ name: NAME, stage: 100 }, (data) => {
        const publicPath = data.publicPath ?? '/';
        data.headTags.push(
          ...firstRenderFiles(compilation, '.css').map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'stylesheet',
              href: publicPath + file,
            }),
          ),
        );
        return data;
      });
    });
  }
}

module.exports = { PreloadFirstRenderPlugin, firstRenderFiles, withTextsAttributes };

// Inlines the shell's early script (shell/src/early/inline.ts) in its page's head, so the first
// page's remote chain starts before any script has downloaded (decision 0503). It is bundled on
// its own with esbuild: about 4.5 kB, no federation runtime, no shared modules.
const path = require('node:path');
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'InlineEarlyScriptPlugin';

/** The early script as one IIFE (es2020, as the apps' own code) and the files it was built from. */
function buildEarlyScript(entry, { minify = true, define = {} } = {}) {
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify,
    define,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles[0].text.trim(),
    inputs: Object.keys(result.metafile.inputs),
  };
}

class InlineEarlyScriptPlugin {
  /**
   * @param {{ entry: string, define?: Record<string, string> }} options the script's entry module
   *   (absolute path) and the build-time values it reads (as webpack's DefinePlugin has them)
   */
  constructor({ entry, define = {} }) {
    this.entry = entry;
    this.define = define;
  }

  apply(compiler) {
    // The main compilation only (html-webpack-plugin runs child compilations too).
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let built;
      try {
        built = buildEarlyScript(this.entry, {
          minify: compiler.options.mode !== 'development',
          define: this.define,
        });
      } catch (error) {
        compilation.errors.push(new Error(`${NAME}: ${error.message}`));
        return;
      }
      // Rebuilt in watch mode when any of its modules changes.
      const cwd = process.cwd();
      for (const input of built.inputs) compilation.fileDependencies.add(path.resolve(cwd, input));
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        // After the page's own preloads, so the shell's scripts are asked for first.
        data.headTags.push(
          HtmlWebpackPlugin.createHtmlTagObject('script', {}, built.code, { plugin: NAME }),
        );
        return data;
      });
    });
  }
}

module.exports = { InlineEarlyScriptPlugin, buildEarlyScript };

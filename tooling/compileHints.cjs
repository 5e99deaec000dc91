// V8's explicit compile hint (Chrome 136+): a script that starts with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled up front, during the streaming
// compile off the main thread, instead of lazily on the main thread when each is first called.
// Every chunk we ship is loaded when the page is about to run it (the first render's chunks,
// a remote's entry and page, the identity SDK once the session starts), so its functions are
// called on load. Measured on /checkout, /, a product page (decision 1306): the long tasks of
// evaluating @shop/shared, React and the remotes' entries shrink; browsers without the hint
// read a comment.
const { Compilation, sources } = require('webpack');

const NAME = 'CompileHintsPlugin';
const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which drops comments), before source maps (which then count
        // the added line).
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.m?js$/.test(name)) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, HINT };

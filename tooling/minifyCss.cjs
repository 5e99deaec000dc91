// Minifies the CSS files of a production build with esbuild (already ours, for the early
// script): comments and spaces out, colours and rules shortened. A page inlines the CSS its first
// render needs (decision 1301), so every byte of it is on every page the server sends.
const esbuild = require('esbuild');

class MinifyCssPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MinifyCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // Before the real content hash: the files' names follow their minified bytes.
        { name: 'MinifyCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.css')) continue;
            const css = compilation.getAsset(name).source.source().toString();
            const { code } = esbuild.transformSync(css, { loader: 'css', minify: true });
            compilation.updateAsset(name, new sources.RawSource(code));
          }
        },
      );
    });
  }
}

module.exports = { MinifyCssPlugin };

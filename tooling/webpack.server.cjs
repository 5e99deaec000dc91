// Server (Node) builds for server rendering (decision 1302):
// - a remote's server container (`dist/server/remoteEntry.js`): the same exposed route modules as
//   its browser container, built for Node (`async-node`, CommonJS), taking React, the router and
//   @shop/shared from the shell server (`import: false`), its CSS left out (the browser's files
//   carry it), signed with its team's key (decision 4402: the shell server runs it only then);
// - the shell server (`shell/dist-server/server.js`): a plain Node request handler that renders
//   the storefront's routes, with its node_modules required at run time.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { APPS } = require('./apps.cjs');
const {
  sharedSingletons,
  publicEnv,
  isDeployedBuild,
  ROUTER_PRODUCTION_BUILD,
} = require('./webpack.factory.cjs');
const { SignServerContainerPlugin } = require('./serverSignature.cjs');

const swcRule = {
  test: /\.[cm]?tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
  },
};
// Styles are the browser's; the server only needs class names, which are plain strings.
const noCssRule = { test: /\.css$/, loader: path.join(__dirname, 'emptyModuleLoader.cjs') };
// Images keep their browser URLs; the files themselves are the browser build's.
const assetUrlRule = {
  test: /\.(svg|png|jpe?g|webp|woff2?)$/,
  type: 'asset/resource',
  generator: { emit: false, filename: 'assets/[name].[contenthash:10][ext]' },
};

/** A remote's server container. `routes`: its route list (the exposed page modules). */
function createServerContainerConfig({ app, dir, routes = [], exposes = {} }) {
  const { federationName } = APPS[app];
  const allExposes = { ...exposes };
  for (const route of routes) allExposes[route.module] = route.file;
  return {
    mode: 'production',
    name: `${app}-server`,
    context: dir,
    target: 'async-node',
    entry: {},
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist/server'),
      publicPath: 'auto',
      uniqueName: `${federationName}_server`,
      // One file: the container is fetched and run by the shell server, which then needs no
      // chunk loading over the network (a few hundred KB, read once per deploy).
      asyncChunks: false,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: [swcRule, noCssRule, assetUrlRule] },
    optimization: { minimize: false },
    plugins: [
      new webpack.DefinePlugin(publicEnv()),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new ModuleFederationPlugin({
        name: federationName,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: allExposes,
        // One React, router and @shop/shared on the server too: the shell server's.
        shared: Object.fromEntries(
          Object.entries(sharedSingletons()).map(([name, config]) => [
            name,
            { ...config, import: false },
          ]),
        ),
        manifest: false,
        dts: false,
      }),
      new SignServerContainerPlugin({ app, deployed: isDeployedBuild() }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The shell server: `src/server/main.tsx` → `dist-server/server.js`. */
function createShellServerConfig({ dir }) {
  return {
    mode: 'production',
    name: 'shell-server',
    context: dir,
    target: 'node20',
    // server.js: the handler (serve-ssr, tests); function.js: the same as a Cloud Function.
    entry: { server: './src/server/main.tsx', function: './src/server/function.ts' },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist-server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The browser's router subset (tooling/shared) is a browser concern: the server has it all,
      // with a Link for plain paths that renders without the browser's hooks (decision 3703).
      alias: {
        ...ROUTER_PRODUCTION_BUILD,
        'react-router-dom$': path.join(dir, 'src/server/routerForServer.tsx'),
      },
    },
    // Packages are required at run time from node_modules (one React for the shell's code and
    // every remote's server container); our workspace sources (@shop/shared) and the router's
    // production build (which the shell hands to the remotes' containers) are bundled.
    externals: [
      ({ request }, callback) => {
        if (
          request &&
          /^(react|react-dom|@module-federation|firebase-functions)(\/|$)/.test(request)
        ) {
          return callback(undefined, `commonjs ${request}`);
        }
        callback();
      },
    ],
    // Real __dirname and createRequire: the server reads files next to it and requires packages.
    node: { __dirname: false, __filename: false },
    module: {
      parser: { javascript: { createRequire: false } },
      rules: [swcRule, noCssRule, assetUrlRule],
    },
    optimization: { minimize: false },
    plugins: [new webpack.DefinePlugin(publicEnv())],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createServerContainerConfig, createShellServerConfig };

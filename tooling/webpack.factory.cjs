// One webpack configuration for all five apps: the shell host and the four remotes differ only in
// their Module Federation options. Keeping it in one place keeps the shared singletons identical.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { MinifyCssPlugin } = require('./minifyCss.cjs');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { APPS, BACKEND } = require('./apps.cjs');
const { checkRouteModules } = require('./routeModules.cjs');
const { readTranslations, withRouteTexts } = require('./routeTexts.cjs');
const { PreloadFirstRenderPlugin } = require('./preloadFirstRender.cjs');
const { InlineEarlyScriptPlugin } = require('./inlineEarlyScript.cjs');
const { CompileHintsPlugin } = require('./compileHints.cjs');

const ROOT = path.resolve(__dirname, '..');
/** The provider of the federation runtime that remote entries leave out (decision 1310). */
const FEDERATION_RUNTIME = path.join(__dirname, 'federationRuntime/provide.mjs');
const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';
const rootPkg = (name) => require(require.resolve(`${name}/package.json`, { paths: [ROOT] }));
const sharedPkg = require('../shared/package.json');

/**
 * Singletons (architecture: "Runtime composition"): sub-paths are separate keys. Shared modules
 * are never tree-shaken, so only what must be one instance per page is shared: React, the router
 * (as the subset the apps use, see shared/react-router-dom.mjs) and @shop/shared (which bundles
 * the rxjs and Firebase code it needs; nothing else imports them).
 */
function sharedSingletons() {
  const react = rootPkg('react').version;
  const reactDom = rootPkg('react-dom').version;
  const router = rootPkg('react-router-dom').version;
  const one = (version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  return {
    react: one(react),
    'react/jsx-runtime': one(react),
    'react-dom': one(reactDom),
    'react-dom/client': one(reactDom),
    'react-router-dom': {
      ...one(router),
      import: path.join(__dirname, 'shared/react-router-dom.mjs'),
    },
    '@shop/shared': {
      singleton: true,
      version: sharedPkg.version,
      requiredVersion: `^${sharedPkg.version}`,
    },
  };
}

/**
 * React Router's export map names its development build in every environment; production builds
 * take its production build (the same code without its developer warnings: smaller in the
 * browser, and the shell server does not run them on every render; decision 3703).
 */
const routerDist = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
);
const ROUTER_PRODUCTION_BUILD = {
  'react-router$': path.join(routerDist, 'index.mjs'),
  'react-router/dom$': path.join(routerDist, 'dom-export.mjs'),
};

/**
 * Every value below ends up in public bundles: a Stripe key that is not a publishable one (`pk_…`),
 * a secret key pasted by mistake, stops the build instead (decision 5301).
 */
function publishableKey(key) {
  if (key !== '' && !/^pk_(test|live)_\w+$/.test(key)) {
    throw new Error(
      'SHOP_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_… or pk_live_…)',
    );
  }
  return key;
}

/** Build-time configuration (Firebase project, emulators); never remote URLs. */
function publicValues() {
  const env = process.env;
  const projectId = env.SHOP_FIREBASE_PROJECT_ID || BACKEND.projectId;
  return {
    SHOP_FIREBASE_API_KEY: env.SHOP_FIREBASE_API_KEY || 'demo-api-key',
    SHOP_FIREBASE_AUTH_DOMAIN: env.SHOP_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    SHOP_FIREBASE_PROJECT_ID: projectId,
    SHOP_FIREBASE_DATABASE_URL:
      env.SHOP_FIREBASE_DATABASE_URL || `http://127.0.0.1:${BACKEND.databasePort}`,
    // Empty string means "use the real service" (production builds set the variables above).
    SHOP_AUTH_EMULATOR_URL:
      env.SHOP_AUTH_EMULATOR_URL ??
      (env.SHOP_FIREBASE_API_KEY ? '' : `http://127.0.0.1:${BACKEND.authEmulatorPort}`),
    // The project's HTTPS functions (the order endpoint, decision 1401): the Functions emulator
    // locally; a deployed build sets it (e.g. https://us-central1-<project>.cloudfunctions.net).
    SHOP_FUNCTIONS_URL:
      env.SHOP_FUNCTIONS_URL ||
      `http://127.0.0.1:${BACKEND.functionsEmulatorPort}/${projectId}/us-central1`,
    // The catalog's query service (decision 3601): listings, facets, search, home.
    SHOP_CATALOG_SERVICE_URL:
      env.SHOP_CATALOG_SERVICE_URL || `http://127.0.0.1:${BACKEND.catalogServicePort}`,
    // The card provider's hosted fields (decision 5301): the local test provider by default.
    SHOP_PAYMENTS_URL: env.SHOP_PAYMENTS_URL || `http://127.0.0.1:${BACKEND.paymentProviderPort}`,
    // Set: the checkout shows Stripe's card fields instead, and the shell's policy allows Stripe.
    SHOP_STRIPE_PUBLISHABLE_KEY: publishableKey(env.SHOP_STRIPE_PUBLISHABLE_KEY || ''),
    SHOP_BUILD_LABEL: env.SHOP_BUILD_LABEL || '',
    // The share of page views that report field data (decision 4203): all of them locally, one in
    // ten in a deployed build (one with a real project's API key), unless set.
    SHOP_VITALS_SAMPLE_RATE:
      env.SHOP_VITALS_SAMPLE_RATE || (env.SHOP_FIREBASE_API_KEY ? '0.1' : '1'),
  };
}

/** A build for a real project (no Auth emulator): the shell server's `isDeployedBuild()`. */
const isDeployedBuild = () => publicValues().SHOP_AUTH_EMULATOR_URL === '';

function publicEnv(values = publicValues()) {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [`process.env.${k}`, JSON.stringify(v)]),
  );
}

/**
 * @param {object} options
 * @param {keyof typeof APPS} options.app
 * @param {string} options.dir absolute directory of the app
 * @param {Array<{path: string, module: string, file: string}>} [options.routes] the remote's
 *   route list (src/routes/routes.json, shared/CONTRACT.md): its modules are exposed, and the list
 *   (without the files) is published in the manifest's metaData.routes, where the shell composes
 *   the storefront's routes from at run time and its page reads the first page's data early
 * @param {Record<string,string>} [options.exposes] modules exposed besides the pages (regions)
 * @param {string} [options.title] page title of the standalone page
 */
function createConfig({ app, dir, exposes = {}, routes, title }) {
  const { port, federationName, page } = APPS[app];
  const isShell = app === 'shell';
  // The standalone page's module map is generated from the same list; a stale one fails here.
  if (routes) checkRouteModules(dir);
  const allExposes = { ...exposes };
  for (const route of routes ?? []) allExposes[route.module] = route.file;
  // The list as the shell reads it: every field but the source file.
  // Its titles and labels in the remote's other languages too (routeTexts.cjs, decision 5101).
  const translations = readTranslations(dir);
  const publishedRoutes = (routes ?? []).map((entry) =>
    withRouteTexts(
      Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'file')),
      translations,
    ),
  );
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    const externalRuntime = !dev && !isShell;
    const browser = {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes are loaded from other origins, so they resolve their own public path; the shell
        // is served at its origin's root, where deep links must still find its scripts.
        publicPath: isShell ? '/' : 'auto',
        // No hash in entry names: webpack 5.111 + MF 2.9 fail on [contenthash] there (module-federation/core#5077).
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: federationName,
        // docs/product.md §8/§9: chunk loading failures are reported after 120 s.
        chunkLoadTimeout: 120000,
        // The runtime provider is the second build of the same folder (below).
        clean: externalRuntime
          ? { keep: (file) => file.startsWith(FEDERATION_RUNTIME_FILE) }
          : true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: dev ? {} : ROUTER_PRODUCTION_BUILD,
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
                  target: 'es2020',
                },
              },
            },
          },
          // CSS ships as files (decision 1301): parsed by the browser, not run as script, cached
          // on its own, and linkable from server-rendered HTML. A remote's runtime loads an
          // exposed module's CSS with its JS chunk, so styles still come with the module.
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin(publicEnv()),
        ...(dev ? [] : [new CompileHintsPlugin(), new MinifyCssPlugin()]),
        new MiniCssExtractPlugin({
          filename: dev ? '[name].css' : '[name].[contenthash:10].css',
          chunkFilename: dev ? '[name].css' : '[name].[contenthash:10].css',
          // Modules of one chunk come in import order; across chunks no order is promised, and
          // our styles are scoped by class, so webpack's order warning would be noise.
          ignoreOrder: true,
        }),
        new ModuleFederationPlugin({
          name: federationName,
          ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: allExposes }),
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          // The shell provides its federation runtime to the remote entries (decision 1310).
          ...(isShell ? { runtimePlugins: [FEDERATION_RUNTIME] } : {}),
          manifest: isShell
            ? true
            : {
                additionalData: ({ stats }) => {
                  stats.metaData.routes = publishedRoutes;
                  // The build's label, which the shell's field-data reporter tags this remote's
                  // samples with (decision 4203): read with the manifest, never from its code.
                  stats.metaData.buildLabel = publicValues().SHOP_BUILD_LABEL;
                  return stats;
                },
              },
          dts: false,
          // Leaner runtime in every entry: browser only, and remotes never load remotes themselves.
          experiments: {
            optimization: isShell
              ? { target: 'web' }
              : { target: 'web', disableRemote: true, disableSnapshot: true },
            // A remote's production entry uses the page's runtime instead of its own copy. A
            // development build keeps its own, so it runs under any host (decision 1310).
            ...(externalRuntime ? { externalRuntime: true } : {}),
          },
        }),
        // Everything in public/ except the HTML template ships as is (remotes.json, images, icons).
        new CopyPlugin({
          patterns: [
            { from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true },
          ],
        }),
        new HtmlWebpackPlugin({
          // The shell has its own page; every remote's standalone page shares one template.
          template: isShell
            ? path.join(dir, 'public/index.html')
            : path.join(__dirname, 'standalone.html'),
          title: title || 'Shop',
          // Pages read the database first: the connection opens while the scripts download.
          templateParameters: {
            databaseOrigin: new URL(publicValues().SHOP_FIREBASE_DATABASE_URL).origin,
            // A standalone page has no shell to provide the runtime: its own script does.
            federationRuntime: externalRuntime ? `/${FEDERATION_RUNTIME_FILE}` : '',
          },
          // Every app's page is served at its origin's root (deep links fall back to it). The
          // shell's is a template the shell server fills, not a page a server may send as is, so
          // it is not named index.html (Hosting and its emulator would answer `/` with it).
          filename: page,
          publicPath: '/',
          // In the head (deferred): discovered before any preload, run after parsing.
          inject: 'head',
        }),
        ...(isShell
          ? [
              new PreloadFirstRenderPlugin(),
              new InlineEarlyScriptPlugin({
                entry: path.join(dir, 'src/early/inline.ts'),
                define: publicEnv(),
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: { index: `/${page}` },
        devMiddleware: { index: page },
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        static: [
          { directory: path.join(dir, 'public'), publicPath: '/' },
          // Product images live with the shell; standalone pages serve them too.
          { directory: path.join(ROOT, 'shell/public/images'), publicPath: '/images' },
        ],
        client: { overlay: false },
      },
      stats: 'errors-warnings',
    };
    return externalRuntime ? [browser, runtimeProviderConfig(dir)] : browser;
  };
}

/**
 * A remote's standalone page has no shell to provide the federation runtime its entries leave
 * out, so its production build also makes `federation-runtime.js`: the same provider the shell
 * runs, on its own, loaded by the standalone page before the remote's scripts (decision 1310).
 */
function runtimeProviderConfig(dir) {
  return {
    name: 'federation-runtime',
    mode: 'production',
    context: dir,
    target: 'web',
    entry: { [FEDERATION_RUNTIME_FILE.replace(/\.js$/, '')]: FEDERATION_RUNTIME },
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js', clean: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = {
  createConfig,
  sharedSingletons,
  publicEnv,
  isDeployedBuild,
  ROOT,
  ROUTER_PRODUCTION_BUILD,
};

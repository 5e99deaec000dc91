const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'catalog',
  dir: __dirname,
  title: 'Catalog (standalone) · Threadline',
  // The pages (paths, modules, first reads, titles): the one list the shell composes at run time.
  routes: require('./src/routes/routes.json'),
});

const { createServerContainerConfig } = require('../tooling/webpack.server.cjs');

// The catalog's pages rendered on the server (decision 1302): the same route modules, for Node.
module.exports = createServerContainerConfig({
  app: 'catalog',
  dir: __dirname,
  routes: require('./src/routes/routes.json'),
});

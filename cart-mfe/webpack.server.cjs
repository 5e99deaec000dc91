const { createServerContainerConfig } = require('../tooling/webpack.server.cjs');

// The cart's server container (decision 1302): its route modules, for Node. Pages its route
// list marks private are never rendered on the server; the others are.
module.exports = createServerContainerConfig({
  app: 'cart',
  dir: __dirname,
  routes: require('./src/routes/routes.json'),
});

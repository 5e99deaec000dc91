const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'checkout',
  dir: __dirname,
  title: 'Checkout (standalone) · Threadline',
  // The pages and the /checkout layout: one list, src/routes/routes.json.
  routes: require('./src/routes/routes.json'),
});

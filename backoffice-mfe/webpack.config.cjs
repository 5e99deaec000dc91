const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
// No server container: every back-office page is private, never rendered on the server.
module.exports = createConfig({
  app: 'backoffice',
  dir: __dirname,
  title: 'Back office (standalone) · Threadline',
  routes: require('./src/routes/routes.json'),
});

const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'cart',
  dir: __dirname,
  title: 'Basket (standalone) · Threadline',
  // The pages (the basket review, the index of the checkout's layout): one list, src/routes.
  routes: require('./src/routes/routes.json'),
  // The header's mini basket: a region of the shell's layout, not a page.
  exposes: { './MiniBasket': './src/mini-basket/miniBasketEntry.ts' },
});

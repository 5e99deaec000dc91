const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'cart',
  dir: __dirname,
  title: 'Basket (standalone) · Threadline',
  exposes: {
    './basket-review': './src/routes/basket-review.tsx',
    './MiniBasket': './src/mini-basket/MiniBasket.tsx',
  },
});

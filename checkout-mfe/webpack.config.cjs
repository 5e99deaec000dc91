const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'checkout',
  dir: __dirname,
  title: 'Checkout (standalone) · Threadline',
  exposes: {
    './checkout-layout': './src/routes/checkout-layout.tsx',
    './details': './src/routes/details.tsx',
    './checkout-successful': './src/routes/checkout-successful.tsx',
  },
});

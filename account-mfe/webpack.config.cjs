const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'account',
  dir: __dirname,
  title: 'Account (standalone) · Threadline',
  exposes: {
    './account-layout': './src/routes/account-layout.tsx',
    './my-account': './src/routes/my-account.tsx',
    './orders': './src/routes/orders.tsx',
    './order-detail': './src/routes/order-detail.tsx',
    './credentials': './src/routes/credentials.tsx',
    './personal-information': './src/routes/personal-information.tsx',
    './authentication': './src/routes/authentication.tsx',
  },
});

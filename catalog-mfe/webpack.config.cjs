const { createConfig } = require('../tooling/webpack.factory.cjs');

// Each exposed module is a React Router route module (Component, loader, action, ErrorBoundary).
module.exports = createConfig({
  app: 'catalog',
  dir: __dirname,
  title: 'Catalog (standalone) · Threadline',
  exposes: {
    './home': './src/routes/home.tsx',
    './product': './src/routes/product.tsx',
    './collections': './src/routes/collections.tsx',
    './collection': './src/routes/collection.tsx',
    './category': './src/routes/category.tsx',
  },
  // What each page's loader reads first: the shell's page asks for it before this code loads.
  firstPageReads: require('./src/catalog/firstPageReads.json'),
});

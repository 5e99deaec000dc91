const { createConfig } = require('../tooling/webpack.factory.cjs');

module.exports = createConfig({
  app: 'shell',
  dir: __dirname,
  title: 'Threadline — clothing & sneakers',
});

// The five apps of the storefront and their local ports (architecture page: "Ports (local)").
// Used by the webpack configs, the start script, the static servers and the e2e runner.
const APPS = {
  shell: { dir: 'shell', port: 8080, federationName: 'shell' },
  catalog: { dir: 'catalog-mfe', port: 8081, federationName: 'catalog' },
  cart: { dir: 'cart-mfe', port: 8082, federationName: 'cart' },
  checkout: { dir: 'checkout-mfe', port: 8083, federationName: 'checkout' },
  account: { dir: 'account-mfe', port: 8084, federationName: 'account' },
};

const BACKEND = {
  databasePort: 9000,
  authEmulatorPort: 9099,
  projectId: 'demo-shop',
};

module.exports = { APPS, BACKEND };

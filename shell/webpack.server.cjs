const { createShellServerConfig } = require('../tooling/webpack.server.cjs');

// The shell server (decision 1302): dist-server/server.js, a Node request handler for pages.
module.exports = createShellServerConfig({ dir: __dirname });

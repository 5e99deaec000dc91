// The five apps and their local ports (architecture page: "Ports (local)"); one source of truth in
// apps.json, read by the webpack configs and the scripts.
const { apps, backend } = require('./apps.json');

module.exports = { APPS: apps, BACKEND: backend };

// For server builds: a stylesheet import becomes an empty module (the browser build ships the CSS).
module.exports = function emptyModule() {
  return 'export {};';
};

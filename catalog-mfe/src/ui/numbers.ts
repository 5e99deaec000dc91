// Counts as the shop writes them ("10,309"): one locale, so a page rendered on the server
// hydrates with the very text the browser would write, whatever either machine's language.
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "1 product", "10,309 products". */
export function productCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}

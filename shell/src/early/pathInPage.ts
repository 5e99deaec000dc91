// Read before the shared package is negotiated (the early script, the entry): from the page.

/**
 * The page's address as its routes read it: without its market's prefix (decision 5101), which
 * the server writes on the page's `<html data-base>`.
 */
export function pathInPage(): string {
  const base = document.documentElement.getAttribute('data-base') ?? '';
  const path = window.location.pathname;
  if (!base || (path !== base && !path.startsWith(`${base}/`))) return path;
  return path.slice(base.length) || '/';
}

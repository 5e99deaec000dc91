// The pages of a list as plain links (crawlable, work before the page's code runs, open in a new
// tab): Previous, Next, the first and last pages and those around the current one. Each keeps
// the address's sort and filters; following one is an ordinary navigation, so the back button
// returns to the page before.
import { Link, useLocation } from 'react-router-dom';
import { withPage } from './listing';
import './browse.css';

/** The state a page link leaves in history: the list, not the window, goes back to its top. */
const LIST_MOVE = { catalogList: 'top' } as const;

/** True for a navigation made by a page link of the list. */
export function isListMove(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { catalogList?: unknown }).catalogList === LIST_MOVE.catalogList
  );
}

/**
 * Page numbers to offer: the first, the last, and the current one with its neighbours; a gap of
 * one page shows that page, a longer one an ellipsis ("gap").
 */
export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  let previous = 0;
  for (const n of wanted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

export interface PaginationProps {
  page: number;
  pageCount: number;
}

export function Pagination({ page, pageCount }: PaginationProps) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const params = new URLSearchParams(location.search);
  const to = (n: number) => {
    const search = withPage(params, n).toString();
    return { pathname: location.pathname, search: search === '' ? '' : `?${search}` };
  };
  return (
    <nav aria-label="Pagination" className="catalog-pagination">
      <ul className="catalog-pagination__list">
        {page > 1 && (
          <li>
            <Link
              to={to(page - 1)}
              rel="prev"
              state={LIST_MOVE}
              preventScrollReset
              className="catalog-pagination__step"
            >
              <span aria-hidden="true">← </span>Previous
            </Link>
          </li>
        )}
        {pageNumbers(page, pageCount).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} className="catalog-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                state={LIST_MOVE}
                preventScrollReset
                className="catalog-pagination__page"
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link
              to={to(page + 1)}
              rel="next"
              state={LIST_MOVE}
              preventScrollReset
              className="catalog-pagination__step"
            >
              Next<span aria-hidden="true"> →</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

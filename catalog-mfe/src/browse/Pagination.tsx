// The pages of a list as plain links (crawlable, work before the page's code runs, open in a new
// tab): Previous, Next, the first and last pages and those around the current one. Each keeps
// the address's sort and filters; following one is an ordinary navigation, so the back button
// returns to the page before.
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { withPage } from './listing';
import './browse.css';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

/**
 * A page link was just followed: the list, not the window, goes back to its top. Kept here, not in
 * history's state, so a back or forward move (which restores that state) never counts as one.
 */
let listMoveAsked = false;

/** True once after a page link of the list was followed. */
export function takeListMove(): boolean {
  const asked = listMoveAsked;
  listMoveAsked = false;
  return asked;
}

/** A plain click moves this tab (a modified one opens another tab and moves nothing here). */
const markListMove = (event: MouseEvent<HTMLAnchorElement>) => {
  listMoveAsked =
    event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
};

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
  const t = useMessages(messages);
  const location = useLocation();
  if (pageCount <= 1) return null;
  const params = new URLSearchParams(location.search);
  const to = (n: number) => {
    const search = withPage(params, n).toString();
    return { pathname: location.pathname, search: search === '' ? '' : `?${search}` };
  };
  return (
    <nav aria-label={t('Pagination')} className="catalog-pagination">
      <ul className="catalog-pagination__list">
        {page > 1 && (
          <li>
            <Link
              to={to(page - 1)}
              rel="prev"
              onClick={markListMove}
              preventScrollReset
              className="catalog-pagination__step"
            >
              <span aria-hidden="true">← </span>
              {t('Previous')}
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
                aria-label={t('Page {number}', { number: n })}
                aria-current={n === page ? 'page' : undefined}
                onClick={markListMove}
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
              onClick={markListMove}
              preventScrollReset
              className="catalog-pagination__step"
            >
              {t('Next')}
              <span aria-hidden="true"> →</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

import { pageNumbers } from './Pagination';

describe('the page numbers a list offers', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the first, the last and the neighbours of the current one, with ellipses between', () => {
    expect(pageNumbers(1, 430)).toEqual([1, 2, 'gap', 430]);
    expect(pageNumbers(50, 430)).toEqual([1, 'gap', 49, 50, 51, 'gap', 430]);
    expect(pageNumbers(430, 430)).toEqual([1, 'gap', 429, 430]);
  });

  it('shows a single missing page instead of an ellipsis', () => {
    expect(pageNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, 'gap', 9]);
    expect(pageNumbers(6, 9)).toEqual([1, 'gap', 5, 6, 7, 8, 9]);
  });
});

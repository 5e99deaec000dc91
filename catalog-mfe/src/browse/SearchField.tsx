// Search the products (name, type, colour…: the search engine decides). Every keystroke updates
// the address (replace, so the back button is not flooded) and the results follow at once.
import { useId } from 'react';
import { useUrlDraft } from './useUrlDraft';

export interface SearchFieldProps {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
  /** Id of the element listing the results, announced to assistive technologies. */
  controls?: string;
}

export function SearchField({
  value,
  onSearch,
  label = 'Search products',
  placeholder = 'Search by name, type, colour...',
  controls,
}: SearchFieldProps) {
  const id = useId();
  const field = useUrlDraft(value, onSearch);
  return (
    <div className="catalog-search" role="search" aria-label={label}>
      <label htmlFor={id} className="shop-visually-hidden">
        {label}
      </label>
      <svg
        className="catalog-search__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
      >
        <path
          d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
          fill="currentColor"
        />
      </svg>
      <input
        id={id}
        type="search"
        className="catalog-search__input"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-controls={controls}
        {...field}
      />
    </div>
  );
}

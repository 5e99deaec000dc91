// Search the products (name, type, colour…: the catalog's service decides). The address follows
// the words once typing pauses (replace, so the back button is not flooded), and the loader asks
// the service again; a newer search cancels the request of the one before.
import { useId, useState } from 'react';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, tooManyWords } from '../catalog/catalogQuery';
import { useUrlDraft } from './useUrlDraft';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

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
  label: givenLabel,
  placeholder,
  controls,
}: SearchFieldProps) {
  const t = useMessages(messages);
  const label = givenLabel ?? t('Search products');
  const id = useId();
  const [wordy, setWordy] = useState(false);
  const field = useUrlDraft(value, (text) => {
    setWordy(tooManyWords(text));
    if (!tooManyWords(text)) onSearch(text);
  });
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
        placeholder={placeholder ?? t('Search by name, type, colour...')}
        autoComplete="off"
        spellCheck={false}
        // Longer searches are refused by the service (decision 3601): they cannot be typed.
        maxLength={MAX_SEARCH_LENGTH}
        aria-controls={controls}
        aria-describedby={wordy ? `${id}-hint` : undefined}
        {...field}
      />
      <p id={`${id}-hint`} className="catalog-search__hint" role="status">
        {wordy ? t('Use at most {count} words to search.', { count: MAX_SEARCH_WORDS }) : ''}
      </p>
    </div>
  );
}

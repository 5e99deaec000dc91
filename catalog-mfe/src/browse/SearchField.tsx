// Search by part of a product name. Every keystroke updates the address (replace, so the back
// button is not flooded) and the results follow at once. The field keeps its own text so typing
// never waits for the router; it takes the address's value only when that value is not an echo
// of what was just typed (a late echo would otherwise eat the last keystrokes).
import { useId, useState } from 'react';

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
  placeholder = 'Search by name...',
  controls,
}: SearchFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echoes, setEchoes] = useState<ReadonlySet<string>>(() => new Set([value]));
  if (value !== seen) {
    setSeen(value);
    if (!echoes.has(value)) {
      // The address changed without typing (back button, "Clear filters"): show what it says.
      setDraft(value);
      setEchoes(new Set([value]));
    }
  }
  return (
    <div className="catalog-search" role="search">
      <label htmlFor={id} className="catalog-visually-hidden">
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
        value={draft}
        autoComplete="off"
        spellCheck={false}
        aria-controls={controls}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          setEchoes((previous) => new Set(previous).add(text));
          onSearch(text);
        }}
        onBlur={() => setEchoes(new Set([draft]))}
      />
    </div>
  );
}

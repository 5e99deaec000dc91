// The header's search form, on every page. Where it goes is the page a remote's route list gives
// the role "search" (the shell names no remote's address); the words travel in `q`, as a plain
// GET form would send them, through the router (no page reload). No remote claims the role
// (its remote is down): the header has no search field until it is back.
import { useId } from 'react';
import { Form } from 'react-router-dom';
import { useMessages } from '@shop/shared/firstRender';
import { messages } from '../messages';

export interface HeaderSearchProps {
  /** The role's address: a path, possibly with a query to keep. */
  action: string;
  /** Phones: the field is in the menu, shown while the menu is open. */
  open: boolean;
}

export function HeaderSearch({ action, open }: HeaderSearchProps) {
  const t = useMessages(messages);
  const id = useId();
  const address = new URL(action, 'http://shop.invalid');
  const keep = [...address.searchParams].filter(([name]) => name !== 'q');
  return (
    <Form
      method="get"
      action={address.pathname}
      role="search"
      aria-label={t('Shop search')}
      id="header-search"
      className={open ? 'header-search header-search--open' : 'header-search'}
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="shop-visually-hidden">
        {t('Search all products')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        className="header-search__input"
        placeholder={t('Search…')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className="header-search__submit">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
            fill="currentColor"
          />
        </svg>
        <span className="shop-visually-hidden">{t('Search')}</span>
      </button>
    </Form>
  );
}

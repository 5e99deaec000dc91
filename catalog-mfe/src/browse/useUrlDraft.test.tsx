import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SearchField } from './SearchField';

describe('a search field the server sent (decision 1312)', () => {
  it('takes over the words typed before its code ran, as if typed now', async () => {
    const onSearch = jest.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchField value="" onSearch={jest.fn()} />);
    document.body.append(container);
    const input = container.querySelector('input') as HTMLInputElement;
    input.value = 'sneak'; // typed while the page's scripts were still on their way
    await act(async () => {
      hydrateRoot(container, <SearchField value="" onSearch={onSearch} />);
    });
    expect(onSearch).toHaveBeenCalledWith('sneak');
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('sneak');
    container.remove();
  });

  it('asks nothing when nothing was typed', async () => {
    const onSearch = jest.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchField value="cap" onSearch={jest.fn()} />);
    await act(async () => {
      hydrateRoot(container, <SearchField value="cap" onSearch={onSearch} />);
    });
    expect(onSearch).not.toHaveBeenCalled();
  });
});

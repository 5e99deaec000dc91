import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SearchField } from './SearchField';
import { URL_DRAFT_DELAY_MS } from './useUrlDraft';

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

describe('a field whose value lives in the address', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const typing = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const wait = (ms: number) =>
    act(async () => {
      jest.advanceTimersByTime(ms);
    });

  it('sends the words once typing pauses, not every letter', async () => {
    const onSearch = jest.fn();
    render(<SearchField value="" onSearch={onSearch} />);
    await typing().type(screen.getByRole('searchbox'), 'boot');
    await wait(URL_DRAFT_DELAY_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(1);
    expect(onSearch.mock.calls).toEqual([['boot']]);
    expect(screen.getByRole('searchbox')).toHaveValue('boot');
  });

  it('sends what waits at once when the shopper leaves the field', async () => {
    const onSearch = jest.fn();
    const user = typing();
    render(<SearchField value="" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox'), 'cap');
    await user.tab();
    expect(onSearch.mock.calls).toEqual([['cap']]);
    await wait(URL_DRAFT_DELAY_MS);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('drops what waits when the address brings words of its own (the back button)', async () => {
    const onSearch = jest.fn();
    const view = render(<SearchField value="" onSearch={onSearch} />);
    await typing().type(screen.getByRole('searchbox'), 'cap');
    view.rerender(<SearchField value="boots" onSearch={onSearch} />);
    await wait(URL_DRAFT_DELAY_MS);
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('searchbox')).toHaveValue('boots');
  });

  it('never sends a search of more words than the service runs, and says why', async () => {
    const onSearch = jest.fn();
    render(<SearchField value="" onSearch={onSearch} />);
    await typing().type(screen.getByRole('searchbox'), 'a b c d e f g h i');
    await wait(URL_DRAFT_DELAY_MS);
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('searchbox')).toHaveAccessibleDescription(
      'Use at most 8 words to search.',
    );
    expect(screen.getByRole('searchbox')).toHaveAttribute('maxLength', '100');
  });
});

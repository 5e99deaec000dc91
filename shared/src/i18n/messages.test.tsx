import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { marketById, ROOT_MARKET, type Market } from '../markets/markets';
import { ShopContextProvider, shopContext } from '../routes/shopContext';
import { defineMessages, formatMessage, messagesOf, useMessages, type Messages } from './messages';

const GERMAN = marketById('de') as Market;

const catalogue = () =>
  defineMessages({
    de: () =>
      Promise.resolve({
        default: { 'Add to basket': 'In den Warenkorb', '{count} items': '{count} Artikel' },
      }),
  });

function Button({ messages }: { messages: Messages }) {
  const t = useMessages(messages);
  return (
    <button type="button">
      {t('Add to basket')} · {t('{count} items', { count: 3 })} · {t('Not translated')}
    </button>
  );
}

const renderIn = (market: Market, messages: Messages) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <Suspense fallback="loading">
        <Button messages={messages} />
      </Suspense>
    </ShopContextProvider>,
  );

describe('formatMessage', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(formatMessage('{count} items for {name}', { count: 2 })).toBe('2 items for {name}');
    expect(formatMessage('No placeholders')).toBe('No placeholders');
  });
});

describe('defineMessages', () => {
  it('translates once loaded, English before and for a missing text', async () => {
    const messages = catalogue();
    expect(messages.ready('de')).toBe(false);
    expect(messages.translator('de')('Add to basket')).toBe('Add to basket');
    await messages.load('de');
    expect(messages.ready('de')).toBe(true);
    expect(messages.translator('de')('Add to basket')).toBe('In den Warenkorb');
    expect(messages.translator('de')('{count} items', { count: 1 })).toBe('1 Artikel');
    expect(messages.translator('de')('Sale')).toBe('Sale');
    expect(messages.translator('en')('Add to basket')).toBe('Add to basket');
  });

  it('reads English when a file fails to load, and tries again on the next load', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const messages = defineMessages({
      de: () =>
        ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Sale: 'Sale!' }),
    });
    await messages.load('de');
    expect(messages.ready('de')).toBe(true);
    expect(messages.translator('de')('Sale')).toBe('Sale');
    await messages.load('de');
    expect(messages.translator('de')('Sale')).toBe('Sale!');
    error.mockRestore();
  });

  it('gives one translator per language, the same before and after its file loads', async () => {
    const messages = catalogue();
    const before = messages.translator('de');
    await messages.load('de');
    expect(messages.translator('de')).toBe(before);
    expect(before('Add to basket')).toBe('In den Warenkorb');
  });

  it('is ready at once for English and for a language without a file', () => {
    const messages = defineMessages({});
    expect(messages.ready('en')).toBe(true);
    expect(messages.ready('de')).toBe(true);
  });

  it('is found on an exposed module or a route module handle', () => {
    const messages = catalogue();
    expect(messagesOf({ messages })).toBe(messages);
    expect(messagesOf({ handle: { title: 'Basket', messages } })).toBe(messages);
    expect(messagesOf({ Component: () => null })).toBeUndefined();
    expect(messagesOf(undefined)).toBeUndefined();
  });
});

describe('useMessages', () => {
  it('renders English under the US market', () => {
    renderIn(ROOT_MARKET, catalogue());
    expect(screen.getByRole('button')).toHaveTextContent(
      'Add to basket · 3 items · Not translated',
    );
  });

  it('renders German under the German market once loaded, never English first', async () => {
    let deliver: (table: Record<string, string>) => void = () => undefined;
    const messages = defineMessages({ de: () => new Promise((resolve) => (deliver = resolve)) });
    await act(async () => {
      renderIn(GERMAN, messages);
    });
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.body).toHaveTextContent('loading');
    await act(async () => deliver({ 'Add to basket': 'In den Warenkorb' }));
    expect(screen.getByRole('button')).toHaveTextContent('In den Warenkorb · 3 items');
  });

  it('renders German at once when the file was loaded before', async () => {
    const messages = catalogue();
    await messages.load('de');
    renderIn(GERMAN, messages);
    expect(screen.getByRole('button')).toHaveTextContent('In den Warenkorb');
  });
});

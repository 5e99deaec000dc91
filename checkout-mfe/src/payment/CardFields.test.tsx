import { ShopContextProvider, marketById, shopContext, type Market } from '@shop/shared';
import { act, render, screen } from '@testing-library/react';
import { messages } from '../messages';
import { CARD_FRAME_LOAD_MS, CardFields } from './CardFields';

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <CardFields onComplete={jest.fn()} message="" />
    </ShopContextProvider>,
  );

beforeAll(() => messages.load('de'));
afterEach(() => jest.useRealTimers());

describe("the provider's card fields in a market (decision 5101)", () => {
  it("ask the provider for the page's language, and say in it when they do not load", () => {
    jest.useFakeTimers();
    inMarket(marketById('de') as Market);
    const frame = screen.getByTitle('Kartendaten') as HTMLIFrameElement;
    expect(new URL(frame.src).searchParams.get('lang')).toBe('de');
    act(() => jest.advanceTimersByTime(CARD_FRAME_LOAD_MS));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Kartenzahlungen sind gerade nicht möglich.',
    );
  });

  it('are English in the United States', () => {
    jest.useFakeTimers();
    inMarket(marketById('us') as Market);
    const frame = screen.getByTitle('Card details') as HTMLIFrameElement;
    expect(new URL(frame.src).searchParams.get('lang')).toBe('en');
    act(() => jest.advanceTimersByTime(CARD_FRAME_LOAD_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('Card payments are unavailable right now.');
  });
});

import { ShopContextProvider, marketById, shopContext, type Market } from '@shop/shared';
import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { messages } from '../messages';
import { CARD_FRAME_SOURCE, providerOrigin } from './cardFrame';
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
  it.each([
    ['de', 'de', 'Kartendaten', 'Kartenzahlungen sind gerade nicht möglich.'],
    ['us', 'en', 'Card details', 'Card payments are unavailable right now.'],
  ])(
    "in %s: ask the provider for the page's language, and say in it when they do not load",
    (id, lang, title, unavailable) => {
      jest.useFakeTimers();
      inMarket(marketById(id) as Market);
      const frame = screen.getByTitle(title) as HTMLIFrameElement;
      expect(new URL(frame.src).searchParams.get('lang')).toBe(lang);
      act(() => jest.advanceTimersByTime(CARD_FRAME_LOAD_MS));
      expect(screen.getByRole('alert')).toHaveTextContent(unavailable);
    },
  );
});

/**
 * The frame speaking in the commit that inserted it: the earliest a message can arrive, before
 * any passive effect of that commit has run.
 */
function FrameSpeaksAtOnce() {
  useLayoutEffect(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Card details"]');
    for (const data of [{ type: 'ready' }, { type: 'change', complete: true }]) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: CARD_FRAME_SOURCE, ...data },
          origin: providerOrigin(),
          source: frame?.contentWindow ?? null,
        }),
      );
    }
  }, []);
  return null;
}

it("hears the frame's first messages however soon they come", () => {
  jest.useFakeTimers();
  const onComplete = jest.fn();
  render(
    <>
      <CardFields onComplete={onComplete} message="" />
      <FrameSpeaksAtOnce />
    </>,
  );
  expect(onComplete).toHaveBeenLastCalledWith(true);
  act(() => jest.advanceTimersByTime(CARD_FRAME_LOAD_MS));
  expect(screen.queryByRole('alert')).toBeNull();
});

import { ShopContextProvider, marketById, shopContext, type Market } from '@shop/shared';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import type { CardResult } from './cardFrame';
import { CARD_MESSAGES } from './cardFrame';
import { useCardPayment } from './useCardPayment';

// The order function's side is the order tests'; here it always asks for the card.
jest.mock('../order/placeOrder', () => ({
  startCardPayment: () =>
    Promise.resolve({ status: 'confirm', payment: { clientSecret: 'pi_1_secret_2' } }),
}));

function payingIn(market: Market, result: CardResult) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      {children}
    </ShopContextProvider>
  );
  const view = renderHook(() => useCardPayment(), { wrapper });
  view.result.current.fields.current = { confirm: () => Promise.resolve(result) };
  return view;
}

beforeAll(() => messages.load('de'));

describe('a card that is not authorised (decisions 5301, 5101)', () => {
  it("tells the shopper why, and that nothing was charged, in the page's language", async () => {
    const send = jest.fn();
    const { result } = payingIn(marketById('de') as Market, {
      status: 'declined',
      message: CARD_MESSAGES.declined,
    });
    await act(() => result.current.pay(document.createElement('form'), send));
    expect(result.current.message).toBe(
      'Ihre Karte wurde abgelehnt. Es wurde nichts belastet und Ihr Warenkorb bleibt erhalten: ' +
        'Versuchen Sie es erneut, nutzen Sie eine andere Karte oder wählen Sie eine andere Zahlungsart.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("shows a provider's own message as it came (already in the page's language)", async () => {
    const { result } = payingIn(marketById('de') as Market, {
      status: 'declined',
      message: 'Ihre Karte ist nicht gedeckt.',
    });
    await act(() => result.current.pay(document.createElement('form'), jest.fn()));
    expect(result.current.message).toMatch(/^Ihre Karte ist nicht gedeckt\. Es wurde nichts/);
  });

  it('is English in the United States, as before', async () => {
    const { result } = payingIn(marketById('us') as Market, {
      status: 'declined',
      message: CARD_MESSAGES.declined,
    });
    await act(() => result.current.pay(document.createElement('form'), jest.fn()));
    expect(result.current.message).toBe(`${CARD_MESSAGES.declined} ${CARD_MESSAGES.kept}`);
  });
});

import { ShopContextProvider, marketById, shopContext, type Market } from '@shop/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { messages } from '../messages';
import type { CardFieldsHandle } from './CardFields';
import { CARD_MESSAGES } from './cardFrame';
import { StripeCardFields } from './StripeCardFields';

// Stripe.js is Stripe's, not ours: a fake of its loader stands in for the script it fetches.
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js', () => ({
  loadStripe: (...args: unknown[]) => mockLoadStripe(...args),
}));

interface ChangeEvent {
  complete: boolean;
  error?: { type: 'validation_error'; code: string; message: string };
}

/** A Stripe.js with one card element, whose `change` events the test sends. */
function fakeStripe() {
  let onChange: (event: ChangeEvent) => void = () => {};
  const card = {
    on: jest.fn((name: string, handler: (event: ChangeEvent) => void): void => {
      if (name === 'change') onChange = handler;
    }),
    mount: jest.fn(),
    destroy: jest.fn(),
  };
  const create = jest.fn(() => card);
  const stripe = { elements: () => ({ create }), confirmCardPayment: jest.fn() };
  const change = (event: ChangeEvent) => act(() => onChange(event));
  return { stripe, card, create, change };
}

function renderFields(message = '') {
  const ref = createRef<CardFieldsHandle>();
  const onComplete = jest.fn();
  const view = render(
    <StripeCardFields
      ref={ref}
      publishableKey="pk_test_shop"
      onComplete={onComplete}
      message={message}
    />,
  );
  return { ref, onComplete, ...view };
}

/** The fields with the fake Stripe mounted, ready to confirm. */
async function renderReady() {
  const fake = fakeStripe();
  mockLoadStripe.mockResolvedValue(fake.stripe);
  const rendered = renderFields();
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
  return { ...fake, ...rendered };
}

const confirmWith = async (ref: ReturnType<typeof renderFields>['ref']) => {
  const handle = ref.current;
  if (!handle) throw new Error('no handle');
  return handle.confirm('pi_123_secret_456');
};

beforeEach(() => mockLoadStripe.mockReset());

describe("Stripe's card fields (decision 5301)", () => {
  it("mounts Stripe's card element, with the build's key, in a group labelled Card details", async () => {
    const { card, create } = await renderReady();
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_shop', { locale: 'en' });
    expect(create).toHaveBeenCalledWith('card', expect.anything());
    const group = screen.getByRole('group', { name: 'Card details' });
    expect(card.mount).toHaveBeenCalledWith(group);
    expect(screen.getByText('Card details')).toBeVisible();
  });

  it("reports the card complete only when Stripe's element says so", async () => {
    const { onComplete, change } = await renderReady();
    expect(onComplete).toHaveBeenLastCalledWith(false);
    change({ complete: true });
    expect(onComplete).toHaveBeenLastCalledWith(true);
    change({ complete: false });
    expect(onComplete).toHaveBeenLastCalledWith(false);
  });

  it("shows the element's validation error, described on the fields, until it is fixed", async () => {
    const { change } = await renderReady();
    change({
      complete: false,
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'Your card number is invalid.',
      },
    });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(
      'Your card number is invalid.',
    );
    change({ complete: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('confirms the payment with the card, and an authorised hold (requires_capture) is authorised', async () => {
    const { ref, stripe, card } = await renderReady();
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'requires_capture' } });
    await expect(confirmWith(ref)).resolves.toEqual({ status: 'authorised' });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: { card },
    });
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    await expect(confirmWith(ref)).resolves.toEqual({ status: 'authorised' });
  });

  it("gives a card error as a decline in Stripe's words", async () => {
    const { ref, stripe } = await renderReady();
    stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card has insufficient funds.',
      },
    });
    await expect(confirmWith(ref)).resolves.toEqual({
      status: 'declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('gives any other failure, or a payment not authorised, as an error', async () => {
    const { ref, stripe } = await renderReady();
    stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    await expect(confirmWith(ref)).resolves.toEqual({
      status: 'error',
      message: 'We are unable to authenticate your payment method.',
    });
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    await expect(confirmWith(ref)).resolves.toEqual({
      status: 'error',
      message: CARD_MESSAGES.error,
    });
    stripe.confirmCardPayment.mockRejectedValue(new Error('element destroyed'));
    await expect(confirmWith(ref)).resolves.toEqual({
      status: 'error',
      message: CARD_MESSAGES.error,
    });
  });

  it("shows the bank's last answer, described on the fields", async () => {
    const fake = fakeStripe();
    mockLoadStripe.mockResolvedValue(fake.stripe);
    renderFields('Your card was declined.');
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(
      'Your card was declined.',
    );
  });

  it.each([
    [
      'its script does not load',
      () => mockLoadStripe.mockRejectedValue(new Error('Failed to load Stripe.js')),
    ],
    ['it cannot run here', () => mockLoadStripe.mockResolvedValue(null)],
  ])('says card payments are unavailable when Stripe.js is not there (%s)', async (_why, fail) => {
    fail();
    const { ref, onComplete } = renderFields();
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_MESSAGES.unavailable);
    expect(onComplete).not.toHaveBeenCalledWith(true);
    await expect(confirmWith(ref)).resolves.toEqual({
      status: 'error',
      message: CARD_MESSAGES.unavailable,
    });
  });

  it('removes the card element when the fields go (another payment method chosen)', async () => {
    const { card, unmount } = await renderReady();
    unmount();
    expect(card.destroy).toHaveBeenCalled();
  });

  it("speaks the page's language: Stripe's element and messages, and ours", async () => {
    await messages.load('de');
    mockLoadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const germany = marketById('de') as Market;
    render(
      <ShopContextProvider
        value={shopContext({ fetchPublic: fetch, links: new Map(), market: germany })}
      >
        <StripeCardFields publishableKey="pk_test_shop" onComplete={jest.fn()} message="" />
      </ShopContextProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kartenzahlungen sind gerade nicht möglich.',
    );
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_shop', { locale: 'de' });
  });
});

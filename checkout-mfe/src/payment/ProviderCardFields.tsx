// The card step's fields of the build's card provider (decision 5301,
// docs/decisions/5301-card-payments.md): Stripe's Card Element when the build names a Stripe key,
// the local test provider's framed fields otherwise. Both take the same props and give the same
// handle, so the details form does not know which it shows.
import { getCardProvider } from '@shop/shared/firebase/config';
import { forwardRef } from 'react';
import { CardFields, type CardFieldsHandle, type CardFieldsProps } from './CardFields';
import { StripeCardFields } from './StripeCardFields';

export const ProviderCardFields = forwardRef<CardFieldsHandle, CardFieldsProps>(
  function ProviderCardFields(props, ref) {
    // A build-time choice (webpack defines the key): the same on every render.
    const cardProvider = getCardProvider();
    return cardProvider.provider === 'stripe' ? (
      <StripeCardFields ref={ref} publishableKey={cardProvider.publishableKey} {...props} />
    ) : (
      <CardFields ref={ref} {...props} />
    );
  },
);

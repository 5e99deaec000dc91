import {
  Button,
  type CartDiscount,
  NO_DISCOUNT,
  cartActions,
  useMarket,
  useMessages,
} from '@shop/shared';
import { messages } from '../messages';
import { TextField } from '@shop/shared/forms';
import { type FormEvent, useState } from 'react';
import {
  type DiscountLookup,
  appliedMessage,
  discountMessage,
  lookupDiscount,
} from './discountCodes';

/** The discount-code field: apply a code from the database, or remove the one applied. */
export function DiscountCodeForm({ discount }: { discount: CartDiscount }) {
  const t = useMessages(messages);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<DiscountLookup | null>(null);
  // The basket is priced in the page market's currency (decision 5101).
  const market = useMarket();

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const lookup = await lookupDiscount(code, market.currency);
    setChecking(false);
    setOutcome(lookup);
    if (lookup.status === 'applied') {
      cartActions.updateDiscount(lookup.discount);
      setCode('');
    }
  }

  function remove() {
    cartActions.updateDiscount({ ...NO_DISCOUNT });
    setOutcome(null);
  }

  const failed = outcome !== null && outcome.status !== 'applied';
  return (
    <div className="cart-discount">
      <form className="cart-discount__form" onSubmit={apply} noValidate>
        <TextField
          name="discountCode"
          id="cart-discount-code"
          label={t('Discount code')}
          placeholder={t('Enter discount code...')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={failed ? discountMessage(outcome, t, market) : undefined}
        />
        <Button type="submit" variant="secondary" busy={checking} busyLabel={t('Checking...')}>
          {t('Apply')}
        </Button>
      </form>
      {discount.isDiscount ? (
        <p className="cart-discount__applied" role="status">
          <span>{appliedMessage(discount, t, market)}</span>
          <Button variant="ghost" size="small" onClick={remove}>
            {t('Remove code')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}

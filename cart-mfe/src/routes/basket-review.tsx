// Exposed as `./basket-review`: the index of /checkout (spec §2 "its index shows the first step").
import { BasketReview } from '../basket-review/BasketReview';

export const handle = { title: 'Basket' };

export function Component() {
  return <BasketReview />;
}

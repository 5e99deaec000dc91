// Route module "./basket-review": the index of the checkout's layout (docs/product.md §2 "its index
// shows the first step").
import { BasketReview } from './BasketReview';
import { startCartRemote } from '../cartRemote';
import { messages } from '../messages';

// The basket's own page may load before the header's mini basket: it starts the cart remote too.
startCartRemote();

export const handle = { title: 'Basket', messages };

export function Component() {
  return <BasketReview />;
}

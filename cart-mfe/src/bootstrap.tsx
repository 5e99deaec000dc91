// Standalone page for the basket team: the remote's own routes, with the bus and a backend.
import { renderStandalone } from '@shop/shared';
import * as basketReview from './routes/basket-review';
import MiniBasket from './mini-basket/MiniBasket';

renderStandalone({
  title: 'Basket',
  routes: [
    { path: 'checkout', ...basketReview },
    // The header's mini basket on its own (the shell renders it in its header).
    { path: 'mini-basket', Component: MiniBasket },
  ],
});

// Standalone page for the basket team: the remote's own routes, with the bus and a backend.
import { renderStandalone } from '@shop/shared';
import * as basketReview from './routes/basket-review';

renderStandalone({
  title: 'Basket',
  routes: [{ path: 'checkout', ...basketReview }],
});

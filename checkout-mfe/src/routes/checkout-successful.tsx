// Exposed as `./checkout-successful`: the order confirmation (docs/product.md §2).
import {
  ConfirmationPage,
  confirmationAction,
  confirmationLoader,
} from '../confirmation/confirmationRoute';

export const handle = { title: 'Order confirmation' };
export const loader = confirmationLoader;
export const action = confirmationAction;
export const Component = ConfirmationPage;

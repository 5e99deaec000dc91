// Exposed as `./checkout-layout`: the /checkout layout (docs/product.md §2).
import { CheckoutLayout } from '../layout/CheckoutLayout';
import { checkoutLayoutLoader } from '../layout/checkoutLayoutRoute';

export const handle = { title: 'Checkout' };
export const loader = checkoutLayoutLoader;
export const Component = CheckoutLayout;

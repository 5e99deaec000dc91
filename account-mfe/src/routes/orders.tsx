// Exposed route module './orders' (/account/orders).
import { OrdersPage } from '../orders/OrdersPage';
import { ordersLoader } from '../orders/ordersRoute';

export const handle = { title: 'Orders' };
export const loader = ordersLoader;
export const Component = OrdersPage;

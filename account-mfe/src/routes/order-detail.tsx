// Exposed route module './order-detail' (/account/orders/:orderId).
import { OrderDetailPage } from '../orders/OrderDetailPage';
import { orderDetailLoader } from '../orders/ordersRoute';

export const handle = { title: 'Order' };
export const loader = orderDetailLoader;
export const Component = OrderDetailPage;

// Exposed as `./order-status`: /order-status, where a guest finds an order again (decision 1405).
import { useActionData, useLoaderData } from 'react-router-dom';
import { OrderStatus } from '../status/OrderStatus';
import { orderStatusAction, orderStatusLoader } from '../status/orderStatusRoute';
import type { OrderStatusResult } from '../status/orderStatusService';

export const handle = { title: 'Order status' };
export const loader = orderStatusLoader;
export const action = orderStatusAction;

export function Component() {
  const { number } = useLoaderData() as { number: string };
  const result = useActionData() as OrderStatusResult | undefined;
  return <OrderStatus initialNumber={number} result={result} />;
}

// Route module "./order-status": /order-status, where a guest finds an order again (decision 1405).
// The data of /order-status, where a guest finds an order again by its number and the email given
// at checkout (decision 1405). The loader takes the number from the query (`?number=`, the
// confirmation's "Find this order later"); the action asks the function.
import { ORDER_NUMBER_MAX_LENGTH } from '@shop/shared/order/orderVocabulary';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router-dom';
import { type OrderStatusResult, lookUpOrder } from './orderStatusService';
import { OrderStatus } from './OrderStatus';
import { messages } from '../messages';

export function loader({ request }: LoaderFunctionArgs): { number: string } {
  const number = new URL(request.url).searchParams.get('number') ?? '';
  return { number: number.trim().slice(0, ORDER_NUMBER_MAX_LENGTH) };
}

export async function action({ request }: ActionFunctionArgs): Promise<OrderStatusResult> {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return lookUpOrder(text('number'), text('email'));
}

export const handle = { title: 'Order status', messages };

export function Component() {
  const { number } = useLoaderData() as { number: string };
  const result = useActionData() as OrderStatusResult | undefined;
  return <OrderStatus initialNumber={number} result={result} />;
}

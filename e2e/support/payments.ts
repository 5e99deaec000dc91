// The local test provider as a test asks it (decision 5301): the payments it holds for an order,
// read with its secret key, so a journey can prove a shopper was charged once.
import apps from '../../tooling/apps.json';
import { LOCAL_TEST_KEYS } from '../../payment-provider/src/localKeys';

const PROVIDER_URL = `http://127.0.0.1:${apps.backend.paymentProviderPort}`;

export interface ProviderPaymentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  reference: string;
}

export async function paymentsFor(reference: string): Promise<ProviderPaymentView[]> {
  const response = await fetch(
    `${PROVIDER_URL}/v1/payments?reference=${encodeURIComponent(reference)}`,
    { headers: { Authorization: `Bearer ${LOCAL_TEST_KEYS.secretKey}` } },
  );
  if (!response.ok) throw new Error(`the provider answered ${response.status}`);
  return ((await response.json()) as { payments: ProviderPaymentView[] }).payments;
}

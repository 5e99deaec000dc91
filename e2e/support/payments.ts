// The local test provider as a test asks it (decision 5301): the payments it holds for an order,
// read with its secret key, so a journey can prove a shopper was charged once.
import apps from '../../tooling/apps.json';

const PROVIDER_URL = `http://127.0.0.1:${apps.backend.paymentProviderPort}`;
/** The local provider's test key (payment-provider/src/main.ts); no real key. */
const SECRET_KEY = 'sk_local_threadline';

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
    { headers: { Authorization: `Bearer ${SECRET_KEY}` } },
  );
  if (!response.ok) throw new Error(`the provider answered ${response.status}`);
  return ((await response.json()) as { payments: ProviderPaymentView[] }).payments;
}

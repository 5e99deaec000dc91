// Order placement latency with 10 concurrent shoppers, against a running stack (`npm start`):
// each order is a new anonymous Auth emulator user with a one-line basket (made before the clock
// starts) and a new key: one session is limited to a few orders (decision 3901).
// `npm run bench -w @shop/functions [-- --shoppers 10 --orders 20]` prints p50/p99/max.
import { BACKEND, LOCAL_URLS } from '../../scripts/lib/apps';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SHOPPERS = arg('shoppers', 10);
const ORDERS = arg('orders', 20);
const AUTH = `http://127.0.0.1:${BACKEND.authEmulatorPort}`;
const DB = `http://127.0.0.1:${BACKEND.databasePort}`;
const PUSH = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const key = () =>
  Array.from({ length: 20 }, () => PUSH.charAt(Math.floor(Math.random() * 64))).join('');
const info = {
  name: 'Bench Shopper',
  email: 'bench@example.com',
  tel: '+48 123 456 789',
  address: '12 Analytical Street',
  city: 'London',
  zipCode: 'N1 9GU',
  country: 'United Kingdom',
};

async function shopper(productId: string, size: string | undefined) {
  const response = await fetch(
    `${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"returnSecureToken":true}',
    },
  );
  const { idToken, localId } = (await response.json()) as { idToken: string; localId: string };
  const line = size ? { id: productId, size, quantity: 1 } : { id: productId, quantity: 1 };
  const cart = {
    totalQuantity: 1,
    products: { [size ? `${productId}_${size}` : productId]: line },
  };
  const put = await fetch(
    `${DB}/users/anonymousTokens/${localId}/anonymousCart.json?auth=${idToken}`,
    {
      method: 'PUT',
      body: JSON.stringify(cart),
    },
  );
  if (!put.ok) throw new Error(`basket: ${put.status}`);
  return { uid: localId, token: idToken };
}

async function main() {
  const ids = (await (await fetch(`${DB}/catalog/products.json?shallow=true`)).json()) as Record<
    string,
    true
  >;
  const productId = Object.keys(ids).sort()[0] as string;
  const product = (await (await fetch(`${DB}/catalog/products/${productId}.json`)).json()) as {
    sizes?: string[];
  };
  const size = product.sizes?.[0];
  // Every order takes one from stock (decision 1406): the bench gives the size enough for its
  // orders (admin token, local only) and puts the count back afterwards.
  const stockPath = `${DB}/catalog/products/${productId}/stock/${encodeURIComponent(size ?? 'one size')}.json`;
  const admin = { Authorization: 'Bearer owner' };
  const stockBefore = (await (await fetch(stockPath, { headers: admin })).json()) as number | null;
  if (stockBefore !== null) {
    await fetch(stockPath, { method: 'PUT', headers: admin, body: String(SHOPPERS * ORDERS) });
  }
  const times: number[] = [];
  const run = async () => {
    for (let i = 0; i < ORDERS; i += 1) {
      const s = await shopper(productId, size);
      const started = performance.now();
      const response = await fetch(`${LOCAL_URLS.functions}/placeOrder`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.token}` },
        body: JSON.stringify({ orderKey: key(), personalInformation: info, paymentMethod: 'card' }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`placeOrder → ${response.status} ${text}`);
      times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: SHOPPERS }, run));
    if (stockBefore !== null) {
      const left = (await (await fetch(stockPath, { headers: admin })).json()) as number;
      console.log(`stock of the size: ${SHOPPERS * ORDERS} before, ${left} after (expected 0)`);
    }
  } finally {
    if (stockBefore !== null) {
      await fetch(stockPath, { method: 'PUT', headers: admin, body: String(stockBefore) });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  console.log(
    `placeOrder: ${times.length} orders, ${SHOPPERS} concurrent shoppers, ` +
      `${(times.length / seconds).toFixed(1)} orders/s; ` +
      `p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Cloud Functions of the storefront (decision 1401). Deployed with `firebase deploy --only
// functions`; run locally by the Functions emulator (`npm start`, the e2e stack) from lib/index.js,
// which `npm run build -w @shop/functions` bundles from this file.
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import apps from '../../tooling/apps.json';
import { createChangeOrderStatus } from './changeOrderStatus';
import { withCors } from './cors';
import { createClaimGuestOrders } from './guestOrders';
import { createOrderStatus } from './orderStatus';
import { ORDER_LIMITS, createPlaceOrder } from './placeOrder';
import {
  type ClientRequest,
  behindFrontEnd,
  emulatorOnlyLimit,
  frontEndSecretFromEnv,
  trustedProxiesFromEnv,
} from './limits';
import { restDatabase } from './restDatabase';
import { newOrderNumber } from './orderNumber';
import { paymentProviderFromEnv } from './payments/paymentConfig';
import { createPaymentNotification } from './payments/paymentNotification';
import { createRefundOrder } from './payments/refundOrder';
import { paymentUpkeep as runPaymentUpkeep } from './payments/paymentUpkeep';
import { createStaffDashboard, createStaffOrder, createStaffOrders } from './staffOrders';
import { createStaffProduct, createStaffProducts, createUpdateProduct } from './staffProducts';
import { createVitals } from './vitals';
import { localTrust, productionTrust, type Trust } from './trust';

/** The project: the emulator and Cloud Functions both set GCLOUD_PROJECT. */
const projectId = process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? 'demo-shop';
const emulated = process.env.FUNCTIONS_EMULATOR === 'true';

function databaseUrl(): string {
  if (process.env.SHOP_DATABASE_URL) return process.env.SHOP_DATABASE_URL;
  if (emulated) return `http://127.0.0.1:${apps.backend.databasePort}`;
  try {
    const config = JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { databaseURL?: string };
    if (config.databaseURL) return config.databaseURL;
  } catch {
    // fall through
  }
  return `https://${projectId}-default-rtdb.firebaseio.com`;
}

/**
 * Pages that may call the endpoint (CORS): the shell, the browser-rendered shop, the shell's
 * Hosting site in the emulator and the checkout's and the back office's own pages (ports:
 * tooling/apps.json).
 * `SHOP_STOREFRONT_ORIGINS` (comma-separated, e.g. in functions/.env) replaces the local list.
 */
const LOCAL_ORIGINS = [
  apps.apps.shell.port,
  apps.backend.browserRenderedPort,
  apps.backend.hostingEmulatorPort,
  apps.apps.checkout.port,
  apps.apps.backoffice.port,
].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
const ORIGINS = (process.env.SHOP_STOREFRONT_ORIGINS ?? LOCAL_ORIGINS.join(','))
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

// Emulator trust for demo- projects only; a real project always verifies signatures.
const trust: Trust = projectId.startsWith('demo-')
  ? localTrust(projectId)
  : productionTrust(projectId);

const database = restDatabase({
  url: databaseUrl(),
  credential: () => trust.databaseCredential(),
});
// CORS by our own wrapper (cors.ts): the emulator would answer any origin with the option's list.
const options = { cors: false, region: 'us-central1', concurrency: 80, maxInstances: 10 };

/**
 * Who the client is (limits.ts, decision 5401). Deployed: the proxies that append to
 * X-Forwarded-For in front of the functions. In the emulator, which hands requests on over a
 * local socket: the local stack's front end, one proxy, for the requests that prove they came
 * through it; without it no address is known and every caller counts as one client.
 */
const frontEndSecret = frontEndSecretFromEnv(process.env, emulated);
const trustedProxies =
  frontEndSecret === undefined ? trustedProxiesFromEnv(process.env, emulated) : 1;
const served = <Req extends ClientRequest, Res>(handler: (req: Req, res: Res) => Promise<void>) =>
  frontEndSecret === undefined ? handler : behindFrontEnd(frontEndSecret, handler);

/**
 * The order limits; the e2e stack, whose browser places every journey's orders from one address,
 * raises the per-address one with SHOP_ORDERS_PER_ADDRESS (emulator only, decision 5401).
 */
const ordersPerAddress = emulatorOnlyLimit(process.env, 'SHOP_ORDERS_PER_ADDRESS', emulated);
const orderLimits =
  ordersPerAddress === undefined
    ? ORDER_LIMITS
    : { ...ORDER_LIMITS, address: { ...ORDER_LIMITS.address, max: ordersPerAddress } };

/**
 * Card payments (decision 5301): Stripe when `SHOP_PAYMENT_PROVIDER=stripe`, the local test
 * provider in the emulator; a deployment with neither refuses to start.
 */
const payments = paymentProviderFromEnv(process.env, emulated);

export const placeOrder = onRequest(
  options,
  served(
    withCors(
      ORIGINS,
      createPlaceOrder({ trust, database, trustedProxies, limits: orderLimits, payments }),
    ),
  ),
);

/**
 * The provider's signed notifications: no page calls it (no CORS), and it is not behind the local
 * front end, which only adds the client's address (decision 5401).
 */
export const paymentNotification = onRequest(
  options,
  createPaymentNotification({ database, provider: payments, newNumber: () => newOrderNumber() }),
);

/**
 * Every five minutes: expired card holds end and old notification ids are forgotten (decision
 * 5301). The emulator runs no schedule; there the order requests and notifications sweep holds.
 */
export const paymentUpkeep = onSchedule(
  { schedule: 'every 5 minutes', region: options.region, timeoutSeconds: 120 },
  async () => {
    const ctx = { database, provider: payments, now: Date.now, newNumber: () => newOrderNumber() };
    const done = await runPaymentUpkeep({ ...ctx, log: (message) => console.error(message) });
    console.log(`paymentUpkeep: ${done.holds} holds ended, ${done.events} old events forgotten`);
  },
);

/** An admin gives back part of a card order's payment, never more than was taken (5301). */
export const refundOrder = onRequest(
  options,
  served(withCors(ORIGINS, createRefundOrder({ trust, database, payments }))),
);

/** A guest's order again, by number and checkout email: no ID token (decision 1405). */
export const orderStatus = onRequest(
  options,
  served(withCors(ORIGINS, createOrderStatus({ database, trustedProxies }))),
);

/** Field data: the shell's beacons of Web Vitals and errors, stored bounded (decision 4203). */
export const vitals = onRequest(
  options,
  served(withCors(ORIGINS, createVitals({ database, origins: ORIGINS }))),
);

/** An account's guest orders, claimed once its email is verified (decision 4401). */
export const claimGuestOrders = onRequest(
  options,
  served(withCors(ORIGINS, createClaimGuestOrders({ trust, database }))),
);

/** Staff move an order on: paid, packed, shipped, delivered, cancelled, refunded (decision 5201). */
export const changeOrderStatus = onRequest(
  options,
  served(withCors(ORIGINS, createChangeOrderStatus({ trust, database, payments }))),
);

/** The back office lists orders from the staff's index, newest first (decision 5204). */
export const staffOrders = onRequest(
  options,
  served(withCors(ORIGINS, createStaffOrders({ trust, database }), 'GET')),
);

/** The back office reads one order by number, with staff's moves of it (decision 5204). */
export const staffOrder = onRequest(
  options,
  served(withCors(ORIGINS, createStaffOrder({ trust, database }), 'GET')),
);

/** The back office lists the catalog's products by id, on sale or not (decision 5208). */
export const staffProducts = onRequest(
  options,
  served(withCors(ORIGINS, createStaffProducts({ trust, database }), 'GET')),
);

/** The back office reads one product with its version (decision 5208). */
export const staffProduct = onRequest(
  options,
  served(withCors(ORIGINS, createStaffProduct({ trust, database }), 'GET')),
);

/** Merchandisers change a price, a discount, stock or whether a product is on sale (5208). */
export const updateProduct = onRequest(
  options,
  served(withCors(ORIGINS, createUpdateProduct({ trust, database }))),
);

/** The back office's dashboard: a day's orders and the sizes about to sell out (decision 5207). */
export const staffDashboard = onRequest(
  options,
  served(withCors(ORIGINS, createStaffDashboard({ trust, database }), 'GET')),
);

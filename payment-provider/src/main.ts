// `npm start -w @shop/payment-provider`, and the stack's service (scripts/lib/services.ts): the
// local test card provider on its port (decision 5301). Local defaults from tooling/apps.json.
import apps from '../../tooling/apps.json';
import { createProviderServer } from './createServer';
import { parseFrameAncestors } from './fieldsPage';
import { LOCAL_TEST_KEYS } from './localKeys';

const env = process.env;
const { functionsEmulatorPort, paymentProviderPort, projectId } = apps.backend;
const port = Number(env.SHOP_PAYMENTS_PORT || paymentProviderPort);
// Test values for this local stand-in, not keys of any real provider account: the shop's local
// configuration uses the same ones, and nothing they guard is real money.
const secretKey = env.SHOP_PAYMENTS_SECRET_KEY || LOCAL_TEST_KEYS.secretKey;
const webhookSecret = env.SHOP_PAYMENTS_WEBHOOK_SECRET || LOCAL_TEST_KEYS.webhookSecret;
// (An empty SHOP_PAYMENTS_WEBHOOK_URL sends no notifications.)
const webhookUrl =
  env.SHOP_PAYMENTS_WEBHOOK_URL ??
  `http://127.0.0.1:${functionsEmulatorPort}/${projectId}/us-central1/paymentNotification`;

// Unset or empty: payments in memory only. The stack sets it in its data folder, so `npm start`
// keeps paid orders capturable across restarts (decision 5301) and the e2e stack starts clean.
const dataFile = env.SHOP_PAYMENTS_DATA_FILE || undefined;

const log = (line: string) => console.log(`[payment-provider] ${line}`);
const server = createProviderServer({
  secretKey,
  webhookSecret,
  webhookUrl,
  frameAncestors: parseFrameAncestors(env.SHOP_PAYMENTS_FRAME_ANCESTORS),
  log,
  dataFile,
});
server.listen(port).then(
  (url) =>
    log(
      `listening on ${url}, notifying ${webhookUrl || 'no one'}, ` +
        `payments kept ${dataFile ? `in ${dataFile}` : 'in memory only'}`,
    ),
  (error: unknown) => {
    console.error(`payment-provider could not listen on port ${port}:`, error);
    process.exit(1);
  },
);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

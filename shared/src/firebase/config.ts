// Firebase configuration from the environment. Webpack's DefinePlugin replaces each literal
// `process.env.SHOP_*` expression at build time; jest reads the real environment. Each read is
// wrapped so a build that defines nothing falls back to the local defaults instead of throwing.
export interface ShopFirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
}

/**
 * The local stack's addresses, for a build that defines none and for jest. This package reads no
 * file outside itself, so the ports are copies of tooling/apps.json's, checked against it by
 * scripts/lib/appLists.test.ts.
 */
export const LOCAL_DEFAULTS = {
  projectId: 'demo-shop',
  databaseURL: 'http://127.0.0.1:9000',
  authEmulatorUrl: 'http://127.0.0.1:9099',
  functionsUrl: 'http://127.0.0.1:5001/demo-shop/us-central1',
  catalogServiceUrl: 'http://127.0.0.1:9010',
  paymentsUrl: 'http://127.0.0.1:9030',
} as const;

const read = (get: () => string | undefined): string | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

export function getFirebaseConfig(): ShopFirebaseConfig {
  const projectId = read(() => process.env.SHOP_FIREBASE_PROJECT_ID) || LOCAL_DEFAULTS.projectId;
  return {
    apiKey: read(() => process.env.SHOP_FIREBASE_API_KEY) || 'demo-api-key',
    authDomain: read(() => process.env.SHOP_FIREBASE_AUTH_DOMAIN) || `${projectId}.firebaseapp.com`,
    projectId,
    databaseURL: (
      read(() => process.env.SHOP_FIREBASE_DATABASE_URL) || LOCAL_DEFAULTS.databaseURL
    ).replace(/\/+$/, ''),
  };
}

/** The Auth emulator URL; '' means the real service (production builds set an API key). */
export function getAuthEmulatorUrl(): string {
  const value = read(() => process.env.SHOP_AUTH_EMULATOR_URL);
  if (value !== undefined) return value;
  return read(() => process.env.SHOP_FIREBASE_API_KEY) ? '' : LOCAL_DEFAULTS.authEmulatorUrl;
}

/** The project's HTTPS functions (the order endpoint, decision 1401): the emulator by default. */
export function getFunctionsUrl(): string {
  const value = read(() => process.env.SHOP_FUNCTIONS_URL);
  return (value || LOCAL_DEFAULTS.functionsUrl).replace(/\/+$/, '');
}

/**
 * The catalog's query service (listings, facets, search, home: decision 3601): local by default; a
 * deployed build sets `SHOP_CATALOG_SERVICE_URL`. The shell's policy allows the browser to call it.
 */
export function getCatalogServiceUrl(): string {
  const value = read(() => process.env.SHOP_CATALOG_SERVICE_URL);
  return (value || LOCAL_DEFAULTS.catalogServiceUrl).replace(/\/+$/, '');
}

/**
 * The card payment provider's hosted fields (decision 5301): the local test provider by default;
 * a deployed build sets `SHOP_PAYMENTS_URL`. The checkout frames it, and the shell's policy allows
 * that origin only (`frame-src`).
 */
export function getPaymentsUrl(): string {
  const value = read(() => process.env.SHOP_PAYMENTS_URL);
  return (value || LOCAL_DEFAULTS.paymentsUrl).replace(/\/+$/, '');
}

/** Whose hosted card fields the checkout shows, and what they need (decision 5301). */
export type CardProvider =
  { provider: 'local'; fieldsUrl: string } | { provider: 'stripe'; publishableKey: string };

/**
 * Stripe's Card Element when the build sets `SHOP_STRIPE_PUBLISHABLE_KEY` (a `pk_…` key, public by
 * design), the local test provider's fields otherwise. The functions choose their side with
 * `SHOP_PAYMENT_PROVIDER`; a deployed shop sets both, and the shell's policy follows this choice.
 */
export function getCardProvider(): CardProvider {
  const publishableKey = read(() => process.env.SHOP_STRIPE_PUBLISHABLE_KEY);
  return publishableKey?.startsWith('pk_')
    ? { provider: 'stripe', publishableKey }
    : { provider: 'local', fieldsUrl: getPaymentsUrl() };
}

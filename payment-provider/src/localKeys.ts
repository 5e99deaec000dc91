// The local test provider's keys (decision 5301): what it expects and signs with when its
// environment names none, and what the functions and the journeys use to talk to it. Local test
// values, not real keys; one place, so the three never disagree.
export const LOCAL_TEST_KEYS = {
  secretKey: 'sk_local_threadline',
  webhookSecret: 'whsec_local_threadline',
} as const;

// One sample address for the apps' unit tests (`@shop/shared/testing/sampleAddress`): a module of
// its own, types only, so a test that mocks `@shop/shared` can still take it.
import type { SavedAddress } from '../address-book';

/** A valid address in every field (it passes the validation table). */
export const SAMPLE_ADDRESS: Readonly<SavedAddress> = {
  name: 'Jane Doe',
  tel: '+48 123 456 789',
  address: '12 Rua Augusta',
  city: 'Lisbon',
  zipCode: '1100-048',
  country: 'Portugal',
};

// `npm run staff`'s roles from the command line (decision 5201); the calls to the Auth emulator and
// the database are exercised on the running stack by e2e/tests/staff-orders.e2e.ts.
import { parseRoles } from './staff';

it('takes the roles named, once each', () => {
  expect(parseRoles(['fulfilment', 'admin', 'fulfilment'])).toEqual(['fulfilment', 'admin']);
});

it('refuses a name that is no role, naming it and the roles there are', () => {
  expect(() => parseRoles(['fulfilment', 'owner'])).toThrow(
    'Not a role: owner. Give --role merchandiser, fulfilment or admin (repeat for more than one).',
  );
});

it('refuses no role at all', () => {
  expect(() => parseRoles([])).toThrow(
    'Give --role merchandiser, fulfilment or admin (repeat for more than one).',
  );
});

import { screen } from '@testing-library/react';
import {
  MEMBER,
  SIGN_IN_PATH,
  renderAt,
  signInMember,
  backofficeFakesEachTest,
} from '../testing/backofficeTestKit';

const fakes = backofficeFakesEachTest();

it('sends a visitor to the sign-in page, which comes back here', async () => {
  const { router } = renderAt('/backoffice/orders?status=paid');
  expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(SIGN_IN_PATH);
  expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
    '/backoffice/orders?status=paid',
  );
  expect(fakes.functions.calls).toEqual([]);
});

it('tells a signed-in shopper the back office is for staff, and asks the functions nothing', async () => {
  signInMember([]);
  renderAt('/backoffice/orders');
  expect(
    await screen.findByText(
      `The back office is for the shop's staff. The account ${MEMBER.email} has no staff role.`,
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  expect(fakes.functions.calls).toEqual([]);
});

it("reads the member's staff record with the member's own token", async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffOrders', 200, { orders: [] });
  renderAt('/backoffice');
  expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  const staffReads = fakes.harness.db.requests.filter((r) => r.path === `staff/${MEMBER.uid}`);
  expect(staffReads.map((r) => r.token)).toEqual([`token:${MEMBER.uid}`]);
});

it('says so when the staff record cannot be read, and reads it again on the next page', async () => {
  signInMember(['fulfilment']);
  fakes.harness.db.failNext(1, 503, (r) => r.path === `staff/${MEMBER.uid}`);
  renderAt('/backoffice/orders');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'We could not check your staff access just now.',
  );
  fakes.functions.answer('staffOrders', 200, { orders: [] });
  renderAt('/backoffice/orders');
  expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
});

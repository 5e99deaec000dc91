// The overview's guest-orders notice (decision 4401): an unverified account is asked to verify
// and claims nothing; a verified one claims once, is told how many orders were added, and the
// orders list shows them.
import type { StoredOrder } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_UID, fakeDatabase, renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs } from '../testing/mockShared';
import { STILL_UNVERIFIED, SENT_TEXT, VERIFY_TEXT, claimedText } from './GuestOrdersNotice';
import { claimGuestOrders, claimedThisSession } from './guestOrderClaim';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);
jest.mock('./guestOrderClaim', () => ({
  ...jest.requireActual('./guestOrderClaim'),
  claimGuestOrders: jest.fn(),
  claimedThisSession: jest.fn(),
}));

const claim = jest.mocked(claimGuestOrders);
const claimedBefore = jest.mocked(claimedThisSession);

const guestOrder: StoredOrder = {
  id: '-Nguestorder00000001',
  timestamp: 1e12,
  products: [],
  discount: { isDiscount: false, discountType: null, discountCode: '' },
  totalPrice: 10,
  totalQuantity: 1,
  shipment: 0,
  paymentMethod: 'card',
  personalInformation: {
    address: '',
    city: '',
    country: '',
    email: 'jane@example.com',
    name: '',
    tel: '',
    zipCode: '',
  },
};

beforeEach(() => {
  resetBackend();
  signInAs('jane@example.com');
  claimedBefore.mockReturnValue(false);
});

it('asks an unverified account to verify, sends the email, and claims nothing', async () => {
  renderAt('/account/myaccount');
  expect(await screen.findByText(VERIFY_TEXT)).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Send verification email' }));
  expect(sharedMocks.sendVerificationEmail).toHaveBeenCalledTimes(1);
  expect(await screen.findByText(SENT_TEXT)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('button', { name: 'Send the email again' })).toBeVisible();

  await userEvent.click(screen.getByRole('button', { name: 'I have verified my email' }));
  expect(await screen.findByText(STILL_UNVERIFIED)).toHaveAttribute('role', 'alert');
  expect(claim).not.toHaveBeenCalled();
});

it('says why the verification email could not be sent', async () => {
  sharedMocks.sendVerificationEmail.mockResolvedValue({ ok: false, error: 'Too many attempts.' });
  renderAt('/account/myaccount');
  await userEvent.click(await screen.findByRole('button', { name: 'Send verification email' }));
  expect(await screen.findByText('Too many attempts.')).toHaveAttribute('role', 'alert');
});

it('claims once when verified, says so and lists the claimed order', async () => {
  sharedMocks.refreshEmailVerified.mockResolvedValue(true);
  claim.mockImplementation(async () => {
    fakeDatabase.set(`users/validated/${ACCOUNT_UID}/userOrders/${guestOrder.id}`, guestOrder);
    return { ok: true, claimed: 1 };
  });
  renderAt('/account/myaccount');
  expect(await screen.findByText(claimedText(1))).toHaveAttribute('role', 'status');
  const recent = await screen.findByRole('list', { name: 'Recent orders' });
  expect(within(recent).getAllByRole('listitem')).toHaveLength(1);
  expect(claim).toHaveBeenCalledTimes(1);
  expect(screen.queryByText(VERIFY_TEXT)).toBeNull();
});

it('does not claim again in the same session', async () => {
  sharedMocks.refreshEmailVerified.mockResolvedValue(true);
  claimedBefore.mockReturnValue(true);
  renderAt('/account/myaccount');
  expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await screen.findByText("You haven't placed an order yet.");
  expect(claim).not.toHaveBeenCalled();
});

it('says when the claim failed', async () => {
  sharedMocks.refreshEmailVerified.mockResolvedValue(true);
  claim.mockResolvedValue({ ok: false, error: 'Your guest orders could not be added.' });
  renderAt('/account/myaccount');
  expect(await screen.findByText('Your guest orders could not be added.')).toHaveAttribute(
    'role',
    'alert',
  );
});

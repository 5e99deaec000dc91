import type { StoredOrder } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_UID, fakeDatabase, renderAt } from '../testing/accountTestKit';
import { resetBackend, signInAs } from '../testing/mockShared';
import { RECENT_ORDERS } from './MyAccountPage';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);

const stored = (id: string, timestamp: number): StoredOrder => ({
  id,
  timestamp,
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
    email: '',
    name: '',
    tel: '',
    zipCode: '',
  },
});

beforeEach(() => {
  resetBackend();
  signInAs('jane@example.com');
});

it('shows the email, the most recent orders and links to the other pages', async () => {
  for (let i = 1; i <= 5; i += 1) {
    fakeDatabase.set(
      `users/validated/${ACCOUNT_UID}/userOrders/-K${i}`,
      stored(`-K${i}`, i * 1e12),
    );
  }
  renderAt('/account/myaccount');
  expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  expect(screen.getByText('jane@example.com')).toBeInTheDocument();
  const recent = await screen.findByRole('list', { name: 'Recent orders' });
  const keys = within(recent)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.account-orders__key')?.textContent);
  expect(keys).toEqual(['Order -K5', 'Order -K4', 'Order -K3']);
  expect(keys).toHaveLength(RECENT_ORDERS);
  expect(screen.getByRole('link', { name: 'See all orders' })).toHaveAttribute(
    'href',
    '/account/orders',
  );
  expect(screen.getByRole('link', { name: /^Personal information Your address/ })).toHaveAttribute(
    'href',
    '/account/personal-information',
  );
});

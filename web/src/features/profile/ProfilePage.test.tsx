import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { setStoredUser } from '../../lib/auth';
import { renderAt } from '../../test/render';
import { STORED_ADMIN } from '../../test/users';
import { AllOrdersList } from '../orders/AllOrders';
import { OrderHistoryOrders } from '../orders/OrderHistory';
import { ProfileDetailsMe } from './ProfileDetails';
import { ProfilePage } from './ProfilePage';

const unpaid = {
  __typename: 'Order' as const,
  id: 'aaaaaa111111',
  displayId: '111111',
  createdAt: '2026-11-23T10:00:00.000Z',
  status: 'unpaid',
  isDelivered: false,
  canCancel: true,
  paymentMethod: 'Cash',
  refundFailure: null,
  subtotal: 10,
  tax: 1,
  shipping: 5,
  totalAmount: 16,
  orderDetail: { __typename: 'OrderDetail' as const, fullName: 'Pat', email: 'pat@x.io' },
  items: [{ __typename: 'OrderItem' as const, id: 'i1', name: 'Halo', quantity: 1, lineTotal: 10 }],
};

/** The profile tab's own query, which the page asks as it opens. */
const me = {
  request: { query: ProfileDetailsMe },
  result: {
    data: {
      me: {
        __typename: 'User' as const,
        id: 'a1',
        username: 'admin',
        email: 'admin@example.com',
        phone: '',
        pendingEmail: null,
      },
    },
  },
};

describe('ProfilePage', () => {
  beforeEach(() => setStoredUser(STORED_ADMIN));
  afterEach(() => act(() => setStoredUser(null)));

  it("keeps the All orders list's view in the URL while another tab is open, and shows it again on return", async () => {
    renderAt(
      '/profile?tab=all-orders&status=unpaid',
      <MockedProvider
        mocks={[
          {
            request: { query: AllOrdersList, variables: { search: null, status: 'unpaid', page: 1, pageSize: 5 } },
            result: { data: { orders: { __typename: 'OrderPage', totalPages: 1, orders: [unpaid] } } },
          },
          me,
        ]}
      >
        <ProfilePage />
      </MockedProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile Details' }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\?tab=details&status=unpaid$/),
    );

    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\?tab=all-orders&status=unpaid$/),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('unpaid');
    expect(screen.getByText('#111111')).toBeVisible();
  });

  it('keeps Order History’s page and All orders’ apart: each tab opens at its own', async () => {
    const orders = (page: number) => ({
      request: { query: AllOrdersList, variables: { search: null, status: 'all', page, pageSize: 5 } },
      result: {
        data: {
          orders: {
            __typename: 'OrderPage',
            totalPages: 3,
            orders: [{ ...unpaid, id: `aaaaaa00000${page}`, displayId: `AAAAA${page}` }],
          },
        },
      },
    });
    const mine = (page: number) => ({
      request: { query: OrderHistoryOrders, variables: { page } },
      result: {
        data: {
          myOrders: {
            __typename: 'OrderPage',
            totalPages: 3,
            orders: [{ ...unpaid, id: `bbbbbb00000${page}`, displayId: `BBBBB${page}` }],
          },
        },
      },
    });
    renderAt(
      '/profile?tab=all-orders&page=2',
      <MockedProvider mocks={[orders(2), mine(1), mine(3), me]}>
        <ProfilePage />
      </MockedProvider>,
    );
    const user = userEvent.setup();
    const current = (pager: string) =>
      within(screen.getByRole('navigation', { name: pager })).getByRole('button', { current: 'page' });
    expect(await screen.findByText('#AAAAA2')).toBeInTheDocument();

    // Order History opens at its first page, not at All orders' second
    await user.click(screen.getByRole('tab', { name: 'Order History' }));
    expect(await screen.findByText('#BBBBB1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('#BBBBB3')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\?tab=orders&page=2&mypage=3$/),
    );

    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\?tab=all-orders&page=2&mypage=3$/),
    );
    expect(current('Order pages')).toHaveAccessibleName('Page 2');
    expect(screen.getByText('#AAAAA2')).toBeVisible();
  });
});

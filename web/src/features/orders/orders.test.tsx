import { GraphQLError } from 'graphql';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { BackButton, renderAt } from '../../test/render';
import { AllOrders, AllOrdersDeliver, AllOrdersList, AllOrdersUndoDelivery } from './AllOrders';
import { OrderHistory, OrderHistoryOrders } from './OrderHistory';
import { OrderCancel } from './use-cancel-order';
import { forgetSpoken, spoken } from '../../test/spoken';

const order = (id: string, status: 'paid' | 'unpaid' | 'cancelled' = 'unpaid') => ({
  __typename: 'Order' as const,
  id,
  displayId: id.slice(-6).toUpperCase(),
  createdAt: '2026-11-23T10:00:00.000Z',
  status,
  isDelivered: false,
  canCancel: status !== 'cancelled',
  paymentMethod: 'Cash' as 'Cash' | 'stripe',
  refundFailure: null as string | null,
  subtotal: 10,
  tax: 1,
  shipping: 5,
  totalAmount: 16,
  orderDetail: { __typename: 'OrderDetail' as const, fullName: 'Pat', email: 'pat@x.io' },
  items: [{ __typename: 'OrderItem' as const, id: `${id}-1`, name: 'Halo', quantity: 1, lineTotal: 10 }],
});

const list = (
  variables: { search: string | null; status: string; page: number },
  orders: ReturnType<typeof order>[],
  totalPages: number,
): MockLink.MockedResponse => ({
  request: { query: AllOrdersList, variables: { ...variables, pageSize: 5 } },
  result: { data: { orders: { __typename: 'OrderPage', totalPages, orders } } },
});

/** One page of the customer's Order History. */
const history = (orders: ReturnType<typeof order>[], { page = 1, totalPages = 1 } = {}): MockLink.MockedResponse => ({
  request: { query: OrderHistoryOrders, variables: { page } },
  result: { data: { myOrders: { __typename: 'OrderPage', totalPages, orders } } },
});

/** Renders `ui` at `path`: All orders keeps its view in the URL. */
const renderWith = (
  ui: React.ReactElement,
  mocks: MockLink.MockedResponse[],
  { path = '/profile?tab=all-orders' } = {},
) => renderAt(path, <MockedProvider mocks={mocks}>{ui}</MockedProvider>);

/** When the server's answer says an order was marked delivered. */
const MARKED_AT = '2026-11-27T09:00:00.000Z';

/** Text on the page, not in the off-screen region `announce` speaks through. */
const shown = { ignore: 'script, style, [data-live-announcer]' };

describe('AllOrders', () => {
  it('shows pages only past one, searches 500 ms after typing and goes back to page 1', async () => {
    renderWith(<AllOrders />, [
      list({ search: null, status: 'all', page: 1 }, [order('aaaaaa111111')], 2),
      list({ search: null, status: 'all', page: 2 }, [order('bbbbbb222222')], 2),
      list({ search: 'abc123', status: 'all', page: 1 }, [order('zzzzzzabc123')], 1),
      list({ search: 'abc123', status: 'paid', page: 1 }, [], 0),
    ]);
    const user = userEvent.setup();
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('#222222')).toBeInTheDocument();

    const orders = screen.getByRole('group', { name: 'Orders' });
    await waitFor(() => expect(orders).toHaveAttribute('aria-busy', 'false'));

    jest.useFakeTimers();
    try {
      const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      // One paste, so the search is for the whole text
      await typist.click(screen.getByLabelText('Search by order id, customer name or e-mail'));
      await typist.paste('abc123');
      // not yet: the search waits 500 ms, and nothing is asked meanwhile
      act(() => jest.advanceTimersByTime(499));
      expect(orders).toHaveAttribute('aria-busy', 'false');
      expect(screen.getByText('#222222')).toBeInTheDocument();
      // at 500 ms the search goes out (the list is busy with it), for page 1
      act(() => jest.advanceTimersByTime(1));
      expect(orders).toHaveAttribute('aria-busy', 'true');
      expect(await screen.findByText('#ABC123')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();

      await typist.selectOptions(screen.getByLabelText('Status'), 'paid');
      expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('a card refund that failed', () => {
  const failed = {
    ...order('eeeeee555555', 'cancelled'),
    paymentMethod: 'stripe' as const,
    refundFailure: 'lost or stolen card',
  };

  it('tells an admin to pay the customer back another way', async () => {
    renderWith(<AllOrders />, [list({ search: null, status: 'all', page: 1 }, [failed, order('ffffff666666')], 1)]);
    const card = await screen.findByRole('article', { name: 'Order #555555' });
    expect(card).toHaveTextContent('Refund failed');
    expect(card).toHaveTextContent(
      'Stripe could not refund the card (lost or stolen card). Pay the customer back another way.',
    );
    expect(screen.getByRole('article', { name: 'Order #666666' })).not.toHaveTextContent('Refund failed');
  });

  it('tells the customer the money comes back another way', async () => {
    renderWith(<OrderHistory />, [history([failed])]);
    const card = await screen.findByRole('article', { name: 'Order #555555' });
    expect(card).toHaveTextContent(
      'The refund to your card failed (lost or stolen card). We will pay you back another way and be in touch.',
    );
    expect(card).not.toHaveTextContent('Refunded to your card');
  });
});

describe('a cancelled card order', () => {
  const refunded = { ...order('hhhhhh888888', 'cancelled'), paymentMethod: 'stripe' as const };
  const cash = order('iiiiii999999', 'cancelled');

  it('tells the customer the money went back to the card; a cancelled cash order says nothing of it', async () => {
    renderWith(<OrderHistory />, [history([refunded, cash])]);
    const card = await screen.findByRole('article', { name: 'Order #888888' });
    expect(card).toHaveTextContent('Refunded to your card. It can take 5 to 10 days to show on your statement.');
    expect(screen.getByRole('article', { name: 'Order #999999' })).not.toHaveTextContent(/Refund/);
  });

  it("tells an admin it went back to the customer's card", async () => {
    renderWith(<AllOrders />, [list({ search: null, status: 'all', page: 1 }, [refunded], 1)]);
    const card = await screen.findByRole('article', { name: 'Order #888888' });
    expect(card).toHaveTextContent("Refunded to the customer's card.");
  });
});

describe('AllOrders paging by keyboard', () => {
  it('keeps the rows, and the focus on the pager, while the next page loads', async () => {
    const later = { ...list({ search: null, status: 'all', page: 2 }, [order('bbbbbb222222')], 2), delay: 200 };
    renderWith(<AllOrders />, [list({ search: null, status: 'all', page: 1 }, [order('aaaaaa111111')], 2), later]);
    const user = userEvent.setup();
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    // Loading: the old page is still there, marked busy, and the button pressed still has the focus.
    expect(screen.getByText('#111111')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveAttribute('aria-busy', 'true');
    expect(document.activeElement).toHaveAccessibleName('Next page');
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveAttribute('aria-busy', 'false');
    expect(document.activeElement).toHaveAccessibleName('Next page');
  });
});

describe('All orders in the URL', () => {
  const where = () => screen.getByTestId('location');

  it('opens at the search, status and page of its link, and asks the server for them', async () => {
    renderWith(<AllOrders />, [list({ search: 'pat', status: 'unpaid', page: 2 }, [order('bbbbbb222222')], 3)], {
      path: '/profile?tab=all-orders&q=pat&status=unpaid&page=2',
    });
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by order id, customer name or e-mail')).toHaveValue('pat');
    expect(screen.getByLabelText('Status')).toHaveValue('unpaid');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts a filter, a page and a search in the URL, beside the tab, leaving out the defaults; Back goes back', async () => {
    renderWith(
      <>
        <AllOrders />
        <BackButton />
      </>,
      [
        list({ search: null, status: 'all', page: 1 }, [order('aaaaaa111111')], 2),
        list({ search: null, status: 'unpaid', page: 1 }, [order('cccccc333333')], 2),
        list({ search: null, status: 'unpaid', page: 2 }, [order('dddddd444444')], 2),
        list({ search: 'pat', status: 'unpaid', page: 1 }, [order('eeeeee555555')], 1),
        // Back: each list shows from the cache and is asked for again
        list({ search: null, status: 'unpaid', page: 2 }, [order('dddddd444444')], 2),
        list({ search: null, status: 'unpaid', page: 1 }, [order('cccccc333333')], 2),
        list({ search: null, status: 'all', page: 1 }, [order('aaaaaa111111')], 2),
      ],
    );
    const user = userEvent.setup();
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders$/);

    await user.selectOptions(screen.getByLabelText('Status'), 'unpaid');
    expect(await screen.findByText('#333333')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders&status=unpaid$/));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('#444444')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders&status=unpaid&page=2$/));
    // a new search goes back to page 1
    await user.type(screen.getByLabelText('Search by order id, customer name or e-mail'), 'pat');
    expect(await screen.findByText('#555555')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders&q=pat&status=unpaid$/));

    // Back: page 2 of the unpaid orders, its search box empty again; then page 1
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('#444444')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders&status=unpaid&page=2$/);
    expect(screen.getByLabelText('Search by order id, customer name or e-mail')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('#333333')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('unpaid');
    // and back to every order, which the URL leaves out
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders$/));
  });

  it.each([
    ['q=pat&page=abc&status=bogus', { search: 'pat', status: 'all', page: 1 }],
    ['status=paid&page=-3', { search: null, status: 'paid', page: 1 }],
    ['status=paid&page=2.5', { search: null, status: 'paid', page: 1 }],
    ['status=paid&page=99999999999', { search: null, status: 'paid', page: 1 }],
    ['status=Unpaid&page=2', { search: null, status: 'all', page: 2 }],
    [`q=${'a'.repeat(101)}`, { search: 'a'.repeat(100), status: 'all', page: 1 }],
  ])('takes what it can of %s, and the defaults for the rest', async (query, variables) => {
    renderWith(<AllOrders />, [list(variables, [order('aaaaaa111111')], 2)], {
      path: `/profile?tab=all-orders&${query}`,
    });
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue(variables.status);
    expect(screen.getByRole('button', { name: `Page ${variables.page}` })).toHaveAttribute('aria-current', 'page');
    // the link is left as it came
    expect(where()).toHaveTextContent(`/profile?tab=all-orders&${query}`);
  });

  it('shows the last page for a link past it, in place of the link', async () => {
    renderWith(
      <AllOrders />,
      [
        list({ search: null, status: 'paid', page: 9 }, [], 2),
        list({ search: null, status: 'paid', page: 2 }, [order('bbbbbb222222', 'paid')], 2),
      ],
      { path: '/profile?tab=all-orders&status=paid&page=9' },
    );
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=all-orders&status=paid&page=2$/));
  });
});

describe('Order History in the URL', () => {
  const where = () => screen.getByTestId('location');

  it('opens at the page of its link, and asks the server for it', async () => {
    renderWith(<OrderHistory />, [history([order('bbbbbb222222')], { page: 2, totalPages: 3 })], {
      path: '/profile?tab=orders&mypage=2',
    });
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts its page in the URL beside the tab and All orders’ view, page 1 left out; Back goes back', async () => {
    renderWith(
      <>
        <OrderHistory />
        <BackButton />
      </>,
      [
        history([order('aaaaaa111111')], { totalPages: 2 }),
        history([order('bbbbbb222222')], { page: 2, totalPages: 2 }),
        // Back: page 1 shows from the cache and is asked for again
        history([order('aaaaaa111111')], { totalPages: 2 }),
      ],
      { path: '/profile?tab=orders&status=unpaid&page=3' },
    );
    const user = userEvent.setup();
    // All orders' page is not Order History's: its first page is asked for
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=orders&status=unpaid&page=3&mypage=2$/));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/profile\?tab=orders&status=unpaid&page=3$/);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['mypage=abc', 'mypage=-3', 'mypage=2.5', 'mypage=99999999999', 'mypage='])(
    'takes %s as page 1',
    async (query) => {
      renderWith(<OrderHistory />, [history([order('aaaaaa111111')], { totalPages: 2 })], {
        path: `/profile?tab=orders&${query}`,
      });
      expect(await screen.findByText('#111111')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      // the link is left as it came
      expect(where()).toHaveTextContent(`/profile?tab=orders&${query}`);
    },
  );

  it('shows the last page for a link past it, in place of the link', async () => {
    renderWith(
      <OrderHistory />,
      [history([], { page: 9, totalPages: 2 }), history([order('bbbbbb222222')], { page: 2, totalPages: 2 })],
      { path: '/profile?tab=orders&mypage=9' },
    );
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/profile\?tab=orders&mypage=2$/));
  });
});

describe('paging a long list', () => {
  afterEach(() => jest.restoreAllMocks());

  it("brings the list's top into sight after a page turn when it is above the screen, and only then", async () => {
    renderWith(<OrderHistory />, [
      history([order('aaaaaa111111')], { totalPages: 2 }),
      history([order('bbbbbb222222')], { page: 2, totalPages: 2 }),
      history([order('aaaaaa111111')], { totalPages: 2 }),
    ]);
    const user = userEvent.setup();
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    const area = screen.getByRole('group', { name: 'Order history' });
    const scrolled = jest.fn();
    area.scrollIntoView = scrolled;
    // Scrolled down to the pager: the list's top is 600 px above the screen.
    const top = jest.spyOn(area, 'getBoundingClientRect').mockReturnValue({ top: -600 } as DOMRect);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    expect(await screen.findByText('#222222')).toBeInTheDocument();
    // The whole list in sight: the page stays where it is.
    scrolled.mockClear();
    top.mockReturnValue({ top: 120 } as DOMRect);
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('#111111')).toBeInTheDocument();
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('OrderHistory', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks before cancelling and says so when the cancel fails', async () => {
    forgetSpoken();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const unchanged = history([order('cccccc333333'), order('dddddd444444', 'cancelled')]);
    const readAgain = jest.fn(() => unchanged.result as { data: Record<string, unknown> });
    renderWith(<OrderHistory />, [
      unchanged,
      { request: { query: OrderCancel, variables: { id: 'cccccc333333' } }, error: new Error('Network down') },
      { request: unchanged.request, result: readAgain }, // read again: nothing changed
    ]);
    expect(await screen.findByText('#333333')).toBeInTheDocument();
    // Each order's button says which order it cancels (a list of the page's buttons tells them apart).
    expect(screen.getAllByRole('button', { name: /^Cancel order/ })).toHaveLength(1);
    const cancel = screen.getByRole('button', { name: 'Cancel order #333333' });
    await userEvent.click(cancel);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to cancel this order?');
    await waitFor(() => expect(screen.getByText('Could not cancel order')).toBeInTheDocument());
    // The order is still cancellable, so its button is still there and keeps the focus.
    await waitFor(() => expect(readAgain).toHaveBeenCalled()); // over before the page goes, as it would be in use
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancel).toHaveFocus();
    expect(spoken()).toBe(''); // the error is shown, and no success is said
  });

  it('reads Order History again after a failed cancel: one whose answer was lost shows as cancelled', async () => {
    forgetSpoken();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(<OrderHistory />, [
      history([order('hhhhhh888888')]),
      { request: { query: OrderCancel, variables: { id: 'hhhhhh888888' } }, error: new Error('Failed to fetch') },
      history([order('hhhhhh888888', 'cancelled')]), // the server cancelled it before the answer was lost
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #888888' }));
    expect(await screen.findByText('Could not cancel order')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order #888888' })).toBeNull());
    expect(screen.getByText('cancelled', { exact: false })).toBeInTheDocument();
  });

  it('reloads the list when a cancel or a delivery fails: the order may have changed meanwhile', async () => {
    forgetSpoken();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const all = { search: null, status: 'all', page: 1 };
    // Delivered by someone else since the list was loaded: the server refuses both actions.
    const deliveredElsewhere = { ...order('ffffff666666', 'paid'), isDelivered: true, canCancel: false };
    renderWith(<AllOrders />, [
      list(all, [order('ffffff666666'), order('gggggg777777')], 1),
      { request: { query: OrderCancel, variables: { id: 'ffffff666666' } }, error: new Error('Delivered already') },
      list(all, [deliveredElsewhere, order('gggggg777777')], 1),
      { request: { query: AllOrdersDeliver, variables: { id: 'gggggg777777' } }, error: new Error('Cancelled') },
      list(all, [deliveredElsewhere, { ...order('gggggg777777', 'cancelled') }], 1),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #666666' }));
    expect(await screen.findByText('Could not cancel order')).toBeInTheDocument();
    // the card now says what the order is: delivered, with nothing left to do on it
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order #666666' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark as delivered: order #666666' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as delivered: order #777777' }));
    expect(await screen.findByText('Could not mark the order as delivered')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as delivered: order #777777' })).toBeNull());
    expect(spoken()).toBe('');
    // failures without a word from the server are logged for the console
    expect(logged.mock.calls.map(([what]) => what)).toEqual([
      'Cancelling the order failed',
      'Marking the order delivered failed',
    ]);
    logged.mockRestore();
  });

  it('marks an order delivered once however fast the button is clicked again, and tells screen readers', async () => {
    forgetSpoken();
    const all = { search: null, status: 'all', page: 1 };
    // a cash order is paid as it is delivered
    const delivered = { ...order('eeeeee555555', 'paid'), isDelivered: true, canCancel: false };
    const marked = jest.fn(() => ({
      data: {
        markOrderDelivered: {
          __typename: 'Order' as const,
          id: 'eeeeee555555',
          status: 'paid' as const,
          isDelivered: true,
          deliveredAt: MARKED_AT,
          canCancel: false,
        },
      },
    }));
    renderWith(<AllOrders />, [
      list(all, [order('eeeeee555555')], 1),
      // one answer only: a second request would find none and show the failure
      { request: { query: AllOrdersDeliver, variables: { id: 'eeeeee555555' } }, result: marked, delay: 50 },
      list(all, [delivered], 1),
    ]);
    const button = await screen.findByRole('button', { name: 'Mark as delivered: order #555555' });
    await userEvent.dblClick(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as delivered/ })).toBeNull());
    expect(marked).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Could not mark the order as delivered')).toBeNull();
    // the button went away under the keyboard: what happened is said
    await waitFor(() => expect(spoken()).toBe('Order #555555 marked as delivered.'));
  });

  it('cancels once however fast the button is pressed again: one question, one request, the button busy meanwhile', async () => {
    forgetSpoken();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const all = { search: null, status: 'all', page: 1 };
    const cancelled = jest.fn(() => ({
      data: {
        cancelOrder: { __typename: 'Order' as const, id: 'kkkkkk000001', status: 'cancelled', canCancel: false },
      },
    }));
    renderWith(<AllOrders />, [
      list(all, [order('kkkkkk000001')], 1),
      // one answer only: a second request would find none and show the failure
      { request: { query: OrderCancel, variables: { id: 'kkkkkk000001' } }, result: cancelled, delay: 50 },
      list(all, [order('kkkkkk000001', 'cancelled')], 1),
    ]);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Cancel order #000001' });
    button.focus();
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Could not cancel order')).toBeNull();
    await waitFor(() => expect(spoken()).toBe('Order #000001 cancelled.'));
  });

  it('tells no failure when the order was cancelled elsewhere first, and shows it cancelled', async () => {
    forgetSpoken();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const all = { search: null, status: 'all', page: 1 };
    renderWith(<AllOrders />, [
      list(all, [order('mmmmmm000002')], 1),
      {
        request: { query: OrderCancel, variables: { id: 'mmmmmm000002' } },
        result: {
          errors: [new GraphQLError('This order is already cancelled.', { extensions: { code: 'CONFLICT' } })],
        },
      },
      list(all, [order('mmmmmm000002', 'cancelled')], 1),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #000002' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull());
    expect(screen.getByText('CANCELLED')).toBeInTheDocument();
    expect(screen.queryByText('Could not cancel order')).toBeNull();
    // what was asked for is done: it is said as after a cancel of one's own
    await waitFor(() => expect(spoken()).toBe('Order #000002 cancelled.'));
  });

  it('goes back to page 1 when the status filter changes on a later page, for every filter of the spec', async () => {
    const five = (prefix: string) => ['1', '2', '3', '4', '5'].map((n) => order(`${prefix}00000${n}`));
    const filters = ['unpaid', 'undelivered', 'delivered', 'cancelled', 'paid', 'all'];
    renderWith(<AllOrders />, [
      list({ search: null, status: 'all', page: 1 }, five('aaaaaa'), 2),
      list({ search: null, status: 'all', page: 2 }, [order('bbbbbb000006')], 2),
      ...filters.map((status, i) => list({ search: null, status, page: 1 }, [order(`ffffff10000${i}`)], 1)),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('#000006')).toBeInTheDocument();
    for (const [i, status] of filters.entries()) {
      await user.selectOptions(screen.getByLabelText('Status'), status);
      expect(await screen.findByText(`#10000${i}`)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull(); // one page: no pager
    }
  });

  it('shows No orders found. for an empty list', async () => {
    renderWith(<OrderHistory />, [history([], { totalPages: 0 })]);
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('pages 5 at a time, the pager showing only with more than one page', async () => {
    const page = (n: number, ids: string[]) =>
      history(
        ids.map((id) => order(id)),
        { page: n, totalPages: 2 },
      );
    renderWith(<OrderHistory />, [
      page(1, ['aaaaaa000001', 'aaaaaa000002', 'aaaaaa000003', 'aaaaaa000004', 'aaaaaa000005']),
      page(2, ['aaaaaa000006']),
    ]);
    expect(await screen.findByText('#000001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('#000006')).toBeInTheDocument();
    expect(screen.queryByText('#000001')).not.toBeInTheDocument();
  });
});

describe('AllOrders: Undo of a delivery', () => {
  /** A delivery mutation's answer for the order `id`: delivered at `deliveredAt`, or open again (null). */
  const deliveryAnswer = (field: string, id: string, status: 'paid' | 'unpaid', deliveredAt: string | null) => ({
    data: {
      [field]: {
        __typename: 'Order' as const,
        id,
        status,
        isDelivered: deliveredAt !== null,
        deliveredAt,
        canCancel: deliveredAt === null,
      },
    },
  });
  it('takes back a delivery marked by mistake from its notice: the order is open again, and the keyboard on the notice', async () => {
    const all = { search: null, status: 'all', page: 1 };
    renderWith(<AllOrders />, [
      list(all, [order('dddddd444444')], 1),
      {
        request: { query: AllOrdersDeliver, variables: { id: 'dddddd444444' } },
        result: deliveryAnswer('markOrderDelivered', 'dddddd444444', 'paid', MARKED_AT),
      },
      list(all, [{ ...order('dddddd444444', 'paid'), isDelivered: true, canCancel: false }], 1),
      {
        // the delivery this mark made, and no other
        request: { query: AllOrdersUndoDelivery, variables: { id: 'dddddd444444', deliveredAt: MARKED_AT } },
        result: deliveryAnswer('undoOrderDelivery', 'dddddd444444', 'unpaid', null),
      },
      list(all, [order('dddddd444444')], 1),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as delivered: order #444444' }));
    expect(await screen.findByText('Order #444444 marked as delivered.', shown)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as delivered/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo marking order #444444 as delivered' }));
    const undone = await screen.findByText('Order #444444 is no longer marked as delivered.', shown);
    expect(await screen.findByRole('button', { name: 'Mark as delivered: order #444444' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order #444444' })).toBeInTheDocument();
    expect(screen.queryByText('Order #444444 marked as delivered.', shown)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    await waitFor(() => expect(undone.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it("gives the delivery's notice up to a cancel once confirmed, which shows as the order leaves a filtered list", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const unpaid = { search: null, status: 'unpaid', page: 1 };
    renderWith(
      <AllOrders />,
      [
        list(unpaid, [order('eeeeee555555')], 1),
        {
          request: { query: AllOrdersDeliver, variables: { id: 'eeeeee555555' } },
          result: deliveryAnswer('markOrderDelivered', 'eeeeee555555', 'paid', MARKED_AT),
        },
        list(unpaid, [], 1),
        {
          request: { query: AllOrdersUndoDelivery, variables: { id: 'eeeeee555555', deliveredAt: MARKED_AT } },
          result: deliveryAnswer('undoOrderDelivery', 'eeeeee555555', 'unpaid', null),
        },
        list(unpaid, [order('eeeeee555555')], 1),
        {
          request: { query: OrderCancel, variables: { id: 'eeeeee555555' } },
          result: {
            data: {
              cancelOrder: { __typename: 'Order' as const, id: 'eeeeee555555', status: 'cancelled', canCancel: false },
            },
          },
        },
        list(unpaid, [], 1),
      ],
      { path: '/profile?tab=all-orders&status=unpaid' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as delivered: order #555555' }));
    await user.click(await screen.findByRole('button', { name: 'Undo marking order #555555 as delivered' }));
    const undone = 'Order #555555 is no longer marked as delivered.';
    expect(await screen.findByText(undone, shown)).toBeInTheDocument();

    // Not confirmed: nothing was done, and the notice stays.
    await user.click(await screen.findByRole('button', { name: 'Cancel order #555555' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText(undone, shown)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel order #555555' }));
    expect(await screen.findByText('Order #555555 cancelled.', shown)).toBeInTheDocument();
    expect(screen.queryByText(undone, shown)).toBeNull();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('offers Undo again after an unanswered one, shows the list as it is, and drops Undo when the server refuses it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const all = { search: null, status: 'all', page: 1 };
    const deliveredOrder = { ...order('cccccc333333', 'paid'), isDelivered: true, canCancel: false };
    const undo = { query: AllOrdersUndoDelivery, variables: { id: 'cccccc333333', deliveredAt: MARKED_AT } };
    renderWith(<AllOrders />, [
      list(all, [order('cccccc333333')], 1),
      {
        request: { query: AllOrdersDeliver, variables: { id: 'cccccc333333' } },
        result: deliveryAnswer('markOrderDelivered', 'cccccc333333', 'paid', MARKED_AT),
      },
      { ...list(all, [deliveredOrder], 1), delay: 300 }, // Undo waits for it: a read sent meanwhile would share it
      { request: undo, error: new Error('Failed to fetch') },
      // the reload shows what the server holds: delivered again by another admin (an undo and a mark made there)
      list(all, [{ ...deliveredOrder, orderDetail: { ...deliveredOrder.orderDetail, fullName: 'Sam' } }], 1),
      {
        request: undo,
        result: {
          errors: [
            new GraphQLError('The delivery of this order has changed since you marked it, so it was left as it is.', {
              extensions: { code: 'CONFLICT' },
            }),
          ],
        },
      },
      list(all, [deliveredOrder], 1),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as delivered: order #333333' }));
    await user.click(await screen.findByRole('button', { name: 'Undo marking order #333333 as delivered' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not undo the delivery$/);
    expect(await screen.findByText(/Sam/)).toBeInTheDocument();
    // unanswered: it may have been lost on the way, so Undo stays to be pressed again
    await user.click(screen.getByRole('button', { name: 'Undo marking order #333333 as delivered' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The delivery of this order has changed since you marked it, so it was left as it is\.$/,
    );
    await waitFor(() => expect(screen.queryByText(/Sam/)).toBeNull()); // read again
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(screen.queryByText('Order #333333 marked as delivered.', shown)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as delivered: order #333333' })).toBeNull();
    // the unanswered try is logged for the console; the refusal says its own reason
    expect(logged.mock.calls.map(([what]) => what)).toEqual(['Undoing the delivery failed']);
    logged.mockRestore();
  });

  it('says why a mark is refused (another admin delivered it since the list loaded), and offers no Undo', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const all = { search: null, status: 'all', page: 1 };
    renderWith(<AllOrders />, [
      list(all, [order('bbbbbb222222')], 1),
      {
        request: { query: AllOrdersDeliver, variables: { id: 'bbbbbb222222' } },
        result: {
          errors: [
            new GraphQLError('This order is already marked as delivered.', { extensions: { code: 'CONFLICT' } }),
          ],
        },
      },
      list(all, [{ ...order('bbbbbb222222', 'paid'), isDelivered: true, canCancel: false }], 1),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as delivered: order #222222' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This order is already marked as delivered\.$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as delivered/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    logged.mockRestore();
  });
});

describe('order chips (spec §4)', () => {
  /** The Chakra colour palette a chip is painted with, as the CSS variables Chakra sets on it say. */
  const paletteOf = (element: HTMLElement) =>
    /--chakra-colors-([a-z]+)-solid/.exec(
      getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-solid'),
    )?.[1];

  it('paints the status chip paid green, cancelled grey and anything else blue, in upper case', async () => {
    renderWith(<OrderHistory />, [
      history([order('aaaaaa000001', 'paid'), order('aaaaaa000002', 'cancelled'), order('aaaaaa000003')]),
    ]);
    const chip = async (id: string, label: string) =>
      within(await screen.findByRole('article', { name: `Order #${id}` })).getByText(label, { exact: true });
    expect(paletteOf(await chip('000001', 'PAID'))).toBe('green');
    expect(paletteOf(await chip('000002', 'CANCELLED'))).toBe('gray');
    expect(paletteOf(await chip('000003', 'UNPAID'))).toBe('blue');
    // every order has its delivery chip
    expect(screen.getAllByText('Not delivered yet')).toHaveLength(3);
  });
});

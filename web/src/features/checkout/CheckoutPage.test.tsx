import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { system } from '../../app/theme';
import { setStoredUser } from '../../lib/auth';
import { CartProvider } from '../cart/CartProvider';
import {
  CheckoutPage,
  CheckoutPageCreateIntent,
  CheckoutPageLastDetail,
  CARD_FORM_FAILED,
  CheckoutPagePaymentConfig,
  CheckoutPagePlaceOrder,
  ORDER_NOT_CONFIRMED,
} from './CheckoutPage';
import { serverCartResponse } from '../../test/server-cart';
import { loadStripe } from '@stripe/stripe-js/pure';

// Stripe.js is not loaded in jsdom: the card form is a stand-in that submits, so the page goes on to ask for an intent;
// what confirming the payment answers is up to each test.
const mockConfirmPayment = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => Promise.resolve({})) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => null,
  useStripe: () => ({ confirmPayment: mockConfirmPayment }),
  useElements: () => ({ submit: () => Promise.resolve({}) }),
}));

// Some tests wait out Place Order's 2 busy seconds (spec §4) after filling the whole form: more than jest's default
// 5 s on a busy machine.
jest.setTimeout(15_000);

const KIT = 'Screen Cleaning Kit';

/** The server's cart: three cleaning kits, with `amount` left in stock. */
const kitCart = (amount: number) =>
  serverCartResponse([{ productId: 'p1', name: KIT, unitPrice: 10, quantity: 3, amount }]);

const paymentConfig = (cardAvailable: boolean): MockLink.MockedResponse => ({
  request: { query: CheckoutPagePaymentConfig },
  result: {
    data: {
      paymentConfig: { __typename: 'PaymentConfig', cardAvailable, publishableKey: cardAvailable ? 'pk_test' : null },
    },
  },
});

const orderDetail = {
  fullName: 'player',
  email: 'player@example.com',
  phone: '555 0100',
  address: '1 Main St',
  city: 'Springfield',
  zip: '12345',
  notes: '',
};

const onlyTwoLeft = {
  errors: [{ message: `Only 2 of ${KIT} left in stock.`, extensions: { code: 'CONFLICT' } }],
};

/** The customer's last order, whose details a new checkout starts from; none unless a test gives one. */
const lastOrder = (detail?: Omit<typeof orderDetail, 'email' | 'notes'>): MockLink.MockedResponse => ({
  request: { query: CheckoutPageLastDetail },
  result: {
    data: {
      myOrders: {
        __typename: 'OrderPage',
        orders: detail
          ? [
              {
                __typename: 'Order',
                id: 'o1',
                orderDetail: { __typename: 'OrderDetail', ...detail },
              },
            ]
          : [],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

function renderCheckout(mocks: MockLink.MockedResponse[]) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={[...mocks, lastOrder()]}>
        <CartProvider>
          <MemoryRouter initialEntries={['/checkout']}>
            <CheckoutPage />
          </MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

/** Fills in the shipping fields the account does not, each pasted whole (these tests are not about typing). */
async function fillShipping(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, text] of [
    [/^Address/, orderDetail.address],
    [/^City/, orderDetail.city],
    [/^ZIP/, orderDetail.zip],
  ] as const) {
    await user.click(await screen.findByLabelText(label));
    await user.paste(text);
  }
}

describe('CheckoutPage after a refusal', () => {
  beforeEach(() =>
    setStoredUser({
      _id: 'u1',
      id: 'u1',
      username: orderDetail.fullName,
      email: orderDetail.email,
      phone: orderDetail.phone,
      isAdmin: false,
      token: 't',
    }),
  );
  afterEach(() => {
    cleanup(); // before signing out, which would re-render the page as a guest's
    setStoredUser(null);
    sessionStorage.clear(); // the form's draft and any paid intent belong to one test
    mockConfirmPayment.mockReset();
  });

  /**
   * A cash order of 3 kits (38.00 with tax and shipping) whose tries are answered by `answers` in turn, the keys they
   * were sent with kept in `keys`; the thank-you page shows the order id it was given.
   */
  async function placeCashOrder(
    answers: Pick<MockLink.MockedResponse, 'result' | 'error'>[],
    keys: string[],
    cartAfter = kitCart(5),
  ) {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const sent = ({ creationKey, ...rest }: Record<string, unknown>) => {
      const matches =
        typeof creationKey === 'string' &&
        JSON.stringify(rest) === JSON.stringify({ orderDetail, paymentMethod: 'Cash', expectedTotal: 38 });
      if (matches) keys.push(creationKey);
      return matches;
    };
    function ThankYou() {
      return <p>Thank you: {(useLocation().state as { orderId?: string } | null)?.orderId}</p>;
    }
    render(
      <ChakraProvider value={system}>
        <MockedProvider
          mocks={[
            kitCart(5),
            paymentConfig(false),
            ...answers.map((answer) => ({ request: { query: CheckoutPagePlaceOrder, variables: sent }, ...answer })),
            lastOrder(),
            { ...cartAfter, maxUsageCount: Number.POSITIVE_INFINITY }, // asked again after a failure
          ]}
        >
          <CartProvider>
            <MemoryRouter initialEntries={['/checkout']}>
              <Routes>
                <Route path="/checkout" element={<CheckoutPage />} />
                <Route path="/thank-you" element={<ThankYou />} />
              </Routes>
            </MemoryRouter>
          </CartProvider>
        </MockedProvider>
      </ChakraProvider>,
    );
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Pay when it arrives/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    return user;
  }
  const lost = { error: new Error('Failed to fetch') };
  const placedAs = (displayId: string) => ({
    result: { data: { placeOrder: { __typename: 'Order', id: `o-${displayId}`, displayId } } },
  });

  it('sends an unanswered cash order once more with the same key, which answers with the order it placed', async () => {
    const keys: string[] = [];
    await placeCashOrder([lost, placedAs('BBB002')], keys);
    expect(await screen.findByText('Thank you: BBB002')).toBeInTheDocument();
    expect(screen.queryByText(/Payment failed/)).not.toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says Payment failed when the second try goes unanswered too, and a later Place Order keeps the key', async () => {
    const keys: string[] = [];
    const user = await placeCashOrder([lost, lost, placedAs('CCC003')], keys);
    expect(await screen.findByText(/^Payment failed\. Please try again\./)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }, { timeout: 3000 }));
    expect(await screen.findByText('Thank you: CCC003')).toBeInTheDocument();
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(3);
  });

  it('sends the order once more when its tries went unanswered and the cart has emptied since: the order was placed', async () => {
    const keys: string[] = [];
    await placeCashOrder([lost, lost, placedAs('DDD004')], keys, serverCartResponse([]));
    expect(await screen.findByText('Thank you: DDD004')).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('offers to check again when that resend goes unanswered too, and a Try again finds the order', async () => {
    const keys: string[] = [];
    const user = await placeCashOrder([lost, lost, lost, lost, placedAs('EEE005')], keys, serverCartResponse([]));
    expect(await screen.findByText(ORDER_NOT_CONFIRMED)).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thank you: EEE005')).toBeInTheDocument();
    expect(keys).toHaveLength(5); // each check with its resend, all with the one key
    expect(new Set(keys).size).toBe(1);
  });

  it('shows the empty cart when an unanswered order, sent once more, is refused as empty (emptied elsewhere)', async () => {
    const keys: string[] = [];
    const empty = { errors: [{ message: 'Your cart is empty.', extensions: { code: 'BAD_USER_INPUT' } }] };
    await placeCashOrder([lost, lost, { result: empty }], keys, serverCartResponse([]));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(await screen.findByRole('link', { name: 'Browse Shop' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your order' })).not.toBeInTheDocument();
  });

  it('shows the cart as it is now when Place Order is refused for a stock lowered meanwhile', async () => {
    const user = userEvent.setup();
    renderCheckout([
      kitCart(5), // the page asks for the cart again as it opens: the same request, made once
      paymentConfig(false),
      {
        // with the total on screen: 3 × 10.00 + 3.00 tax + 5.00 shipping
        request: {
          query: CheckoutPagePlaceOrder,
          variables: ({ creationKey, ...rest }) =>
            typeof creationKey === 'string' &&
            JSON.stringify(rest) === JSON.stringify({ orderDetail, paymentMethod: 'Cash', expectedTotal: 38 }),
        },
        result: onlyTwoLeft,
      },
      kitCart(2), // an admin lowered the stock while the customer filled the form
    ]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Pay when it arrives/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // spec §2: the submit button says so while the order is being placed, and cannot be pressed again
    expect(await screen.findByRole('button', { name: 'Processing payment...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();

    expect(
      await screen.findByText(`Payment failed. Please try again. Only 2 of ${KIT} left in stock.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing payment...' })).toBeDisabled(); // its 2 busy seconds
    expect(
      await screen.findByText(
        'Some products have fewer units left than your cart holds. Lower their quantity or remove them to check out.',
      ),
    ).toBeInTheDocument();
    const summary = screen.getAllByRole('listitem').find((line) => within(line).queryByText(KIT))!;
    expect(summary).toHaveTextContent(`${KIT} × 3 · Only 2 left`);
    // once its 2 busy seconds are over, Place Order stays disabled until the line is lowered; the message stays
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 3000 });
    expect(placeOrder).toBeDisabled();
    expect(screen.getByText(`Payment failed. Please try again. Only 2 of ${KIT} left in stock.`)).toBeInTheDocument();
    // the line is lowered in the cart, where the notice leads
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  });

  it('still says why Place Order was refused when the refusal finds the cart emptied by an earlier try', async () => {
    const user = userEvent.setup();
    const placedBefore =
      'This order was already placed by an earlier try of this checkout, with the details as they were then. Find it in Order History.';
    renderCheckout([
      kitCart(5),
      paymentConfig(false),
      {
        request: { query: CheckoutPagePlaceOrder, variables: () => true },
        result: { errors: [{ message: placedBefore, extensions: { code: 'CONFLICT', field: 'creationKey' } }] },
      },
      serverCartResponse([]), // the earlier try's order emptied the cart
    ]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Pay when it arrives/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByText(placedBefore)).toBeInTheDocument(); // alone: no "Please try again" over an order placed
    expect(screen.queryByText(/Payment failed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/profile?tab=orders');
    expect(screen.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/profile?tab=orders');
  });

  it('keeps what was typed when the customer leaves the checkout and comes back, but not the payment choice', async () => {
    const user = userEvent.setup();
    const first = renderCheckout([kitCart(5), paymentConfig(false)]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Pay when it arrives/ }));
    first.unmount();
    renderCheckout([kitCart(5), paymentConfig(false)]);
    expect(await screen.findByLabelText(/^Address/)).toHaveValue(orderDetail.address);
    expect(screen.getByLabelText(/^City/)).toHaveValue(orderDetail.city);
    expect(screen.getByLabelText(/^ZIP/)).toHaveValue(orderDetail.zip);
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue(orderDetail.fullName);
    expect(screen.getByRole('radio', { name: /Pay when it arrives/ })).not.toBeChecked();
  });

  it("starts from the last order's name and address, keeping the account's e-mail and phone", async () => {
    const last = { fullName: 'Pat Player', phone: '555 0199', address: '9 Elm Rd', city: 'Shelbyville', zip: '54321' };
    renderCheckout([kitCart(5), paymentConfig(false), lastOrder(last)]);
    const name = await screen.findByLabelText(/^Full Name/);
    await waitFor(() => expect(name).toHaveValue('Pat Player')); // the username before
    expect(screen.getByLabelText(/^Address/)).toHaveValue('9 Elm Rd');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Shelbyville');
    expect(screen.getByLabelText(/^ZIP/)).toHaveValue('54321');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(orderDetail.email);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue(orderDetail.phone); // the profile's
  });

  it('starts from the last order once per tab: what was typed, or emptied, there stays', async () => {
    const user = userEvent.setup();
    const last = { fullName: 'Pat Player', phone: '555 0199', address: '9 Elm Rd', city: 'Shelbyville', zip: '54321' };
    const first = renderCheckout([kitCart(5), paymentConfig(false), lastOrder(last)]);
    const address = await screen.findByLabelText(/^Address/);
    await waitFor(() => expect(address).toHaveValue('9 Elm Rd'));
    await user.clear(address);
    await user.type(address, '1 Main St');
    await user.clear(screen.getByLabelText(/^City/));
    first.unmount(); // to the cart and back
    renderCheckout([kitCart(5), paymentConfig(false), lastOrder(last)]);
    expect(await screen.findByLabelText(/^Address/)).toHaveValue('1 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveValue('');
    expect(screen.getByLabelText(/^ZIP/)).toHaveValue('54321');
  });

  it('leaves the form alone when the customer has begun to fill it before the last order came', async () => {
    const user = userEvent.setup();
    const last = { fullName: 'Pat Player', phone: '555 0199', address: '9 Elm Rd', city: 'Shelbyville', zip: '54321' };
    renderCheckout([kitCart(5), paymentConfig(false), { ...lastOrder(last), delay: 300 }]);
    await user.type(await screen.findByLabelText(/^Address/), '1 Main St');
    await act(() => new Promise((done) => setTimeout(done, 400))); // the last order comes, and changes nothing
    expect(screen.getByLabelText(/^Address/)).toHaveValue('1 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveValue('');
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue(orderDetail.fullName);
  });

  it('names its required fields and its payment options as a screen reader reads them', async () => {
    renderCheckout([kitCart(5), paymentConfig(false)]);
    for (const label of ['Full Name', 'Email', 'Phone', 'Address', 'City', 'ZIP']) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Notes (optional)')).not.toBeRequired();
    expect(screen.getByRole('radio', { name: 'PayPal (coming soon)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Credit or debit card (unavailable)' })).toBeDisabled();
  });

  it('says so when the card form cannot be loaded, and takes no card order; cash still works', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.mocked(loadStripe).mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const user = userEvent.setup();
    renderCheckout([kitCart(5), paymentConfig(true)]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_FORM_FAILED);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Pay when it arrives/ }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('shows the cart as it is now when the card payment is refused before it starts', async () => {
    const user = userEvent.setup();
    renderCheckout([
      kitCart(5),
      paymentConfig(true),
      {
        request: { query: CheckoutPageCreateIntent, variables: { orderDetail, expectedTotal: 38 } },
        result: onlyTwoLeft,
      },
      kitCart(2),
    ]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // spec §8's words, then the server's reason
    expect(
      await screen.findByText(`Network error. Please try again later. Only 2 of ${KIT} left in stock.`),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Some products have fewer units left than your cart holds. Lower their quantity or remove them to check out.',
      ),
    ).toBeInTheDocument();
    // nothing can be paid while the line holds more than is left
    expect(screen.getByRole('radio', { name: /Credit or debit card/ })).toBeDisabled();
  });

  it("shows the card provider's own message when the card payment is refused, and places no order", async () => {
    const user = userEvent.setup();
    mockConfirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const placed = jest.fn();
    renderCheckout([
      kitCart(5),
      paymentConfig(true),
      {
        request: { query: CheckoutPageCreateIntent, variables: { orderDetail, expectedTotal: 38 } },
        result: { data: { createPaymentIntent: { __typename: 'PaymentIntentResult', clientSecret: 'pi_1_secret_2' } } },
      },
      {
        request: { query: CheckoutPagePlaceOrder, variables: (vars) => Boolean(placed(vars)) },
        result: { data: { placeOrder: { __typename: 'Order', id: 'o1', displayId: 'O1' } } },
      },
    ]);
    await fillShipping(user);
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('button', { name: 'Processing payment...' })).toBeDisabled();

    // the provider's words alone, not spec §8's 'Payment failed.' for other failures
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your card has insufficient funds\.$/);
    expect(mockConfirmPayment).toHaveBeenCalledTimes(1);
    expect(mockConfirmPayment).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_2' }));
    expect(screen.queryByText('Payment failed. Please try again.')).not.toBeInTheDocument();
    expect(placed).not.toHaveBeenCalled();
    // the customer can try again once the busy state is over
    expect(await screen.findByRole('button', { name: 'Place Order' }, { timeout: 3000 })).toBeEnabled();
  });
});

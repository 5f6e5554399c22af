import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import { ProductCard } from '../shop/ProductCard';
import { CartPage } from './CartPage';
import { CartPreview } from './CartPreview';
import { CartProvider, useCartCount } from './CartProvider';
import { clearGuestCart, GUEST_CART_KEY } from './guest-cart';
import { GuestCartProducts } from './cart-line';
import { ServerCartAdd, ServerCartClear, ServerCartQuery, ServerCartRemove, ServerCartUpdate } from './server-cart';
import { setStoredUser } from '../../lib/auth';
import { serverCartResponse } from '../../test/server-cart';
import { forgetSpoken, spoken } from '../../test/spoken';
import { storedCustomer } from '../../test/users';

function Badge() {
  return <output data-testid="count">{useCartCount()}</output>;
}

/** The server's answer about the guest cart's products, now. */
function liveProducts(
  ids: string[],
  products: ({ id: string; name: string; salePrice: number; amount: number; smallUrl?: string | null } | null)[],
): MockLink.MockedResponse {
  return {
    request: { query: GuestCartProducts, variables: { ids } },
    result: {
      data: {
        productsByIds: products.map(
          (p) =>
            p && {
              __typename: 'Product',
              id: p.id,
              name: p.name,
              salePrice: p.salePrice,
              amount: p.amount,
              images: [{ __typename: 'ProductImage', id: `${p.id}-i`, smallUrl: p.smallUrl ?? null }],
            },
        ),
      },
    },
    maxUsageCount: 10,
  };
}

type Stored = { _id: string; name: string; salePrice: number; amount: number; imageUrl?: string };

/** The server's answer that these stored products are unchanged. */
function unchanged(products: Stored[]): MockLink.MockedResponse {
  return liveProducts(
    products.map((product) => product._id),
    products.map(({ _id, imageUrl, ...rest }) => ({ id: _id, smallUrl: imageUrl, ...rest })),
  );
}

/** Puts these lines in the browser cart; answers that their products are unchanged on the server. */
function storeGuestCart(lines: { product: Stored; quantity: number }[]): MockLink.MockedResponse {
  localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  return unchanged(lines.map((line) => line.product));
}

function renderWithCart(ui: React.ReactElement, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <CartProvider>
          <MemoryRouter>
            <Badge />
            {ui}
          </MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

const product = {
  __typename: 'Product' as const,
  id: 'p1',
  name: 'Halo Infinite',
  price: 59.99,
  salePrice: 44.99,
  discount: 25,
  amount: 5,
  inStock: true,
  platform: 'XBox' as const,
  images: [{ __typename: 'ProductImage' as const, id: 'i1', smallUrl: '/uploads/halo-small.webp' }],
};

const haloProduct = { _id: 'p1', name: 'Halo Infinite', salePrice: 44.99, amount: 5 };
const padProduct = { _id: 'p2', name: 'Pad', salePrice: 10, amount: 1 };

/** The cart page of a guest cart of 2 Halo Infinite and 1 Pad (the cart then holding Halo alone is answered too). */
function renderHaloAndPad() {
  const live = storeGuestCart([
    { product: haloProduct, quantity: 2 },
    { product: padProduct, quantity: 1 },
  ]);
  renderWithCart(<CartPage />, [live, unchanged([haloProduct])]);
}

describe('guest cart views', () => {
  beforeEach(() => clearGuestCart());
  afterEach(() => jest.useRealTimers());

  it('Add to Cart on a card turns to Added! for 2 s and counts in the badge', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithCart(<ProductCard product={product} />);
    // 'Added!' for 2 s from the click (the fake clock moves only as the test says; finding the button may move it)
    let clickedAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('button', { name: 'Added!' })).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => jest.advanceTimersByTime(clickedAt + 1990 - Date.now()));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument(); // still, just before 2 s
    act(() => jest.advanceTimersByTime(10));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    // a guest line stops at 3, and the button says so instead of confirming
    for (let i = 0; i < 2; i++) {
      await user.click(await screen.findByRole('button', { name: /Add to Cart|Added!/ }));
    }
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    const full = await screen.findByRole('button', { name: 'Added!' });
    clickedAt = Date.now();
    await user.click(full);
    expect(await screen.findByRole('button', { name: 'Max 3 per product' })).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    act(() => jest.advanceTimersByTime(clickedAt + 1990 - Date.now()));
    expect(screen.getByRole('button', { name: 'Max 3 per product' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('Add to Cart on a card says Only N left when the line already holds the whole stock', async () => {
    const user = userEvent.setup();
    renderWithCart(<ProductCard product={{ ...product, amount: 2 }} />);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(await screen.findByRole('button', { name: 'Added!' }));
    await user.click(await screen.findByRole('button', { name: 'Added!' }));
    expect(await screen.findByRole('button', { name: 'Only 2 left' })).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('2');
  });

  it('shows the empty cart with Browse Shop', () => {
    renderWithCart(<CartPage />);
    expect(screen.getByRole('heading', { name: 'Your Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Shop' })).toHaveAttribute('href', '/shop');
  });

  it('lists the lines with quantity 1..3, a total of subtotal + tax, and clears', async () => {
    const user = userEvent.setup();
    renderHaloAndPad();
    const haloQuantity = screen.getByLabelText('Quantity of Halo Infinite');
    expect(
      within(haloQuantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(screen.getByLabelText('Quantity of Pad')).getAllByRole('option')).toHaveLength(1);
    // 2 × 44.99 + 10 = 99.98; tax 10.00; total 109.98 (no shipping on this page)
    expect(screen.getByText('$99.98')).toBeInTheDocument();
    expect(screen.getByText('$109.98')).toBeInTheDocument();
    expect(screen.queryByText('Shipping')).not.toBeInTheDocument();

    await user.selectOptions(haloQuantity, '3');
    expect(screen.getByTestId('count')).toHaveTextContent('4');
    // said, with the new total the reader is not on: 3 × 44.99 + 10 = 144.97, tax 14.50
    await waitFor(() => expect(spoken()).toBe('Quantity of Halo Infinite set to 3. Cart total $159.47.'));
    await user.click(screen.getByRole('button', { name: 'Remove Pad' }));
    expect(screen.queryByText('Pad')).not.toBeInTheDocument();
    await waitFor(() => expect(spoken()).toBe('Pad removed from the cart. Cart total $148.47.'));
    // the Remove button went with its line: the cart, not the page, has the keyboard
    const cart = screen.getByRole('region', { name: 'Your Shopping Cart' });
    await waitFor(() => expect(cart).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Browse Shop' })).toBeInTheDocument());
    await waitFor(() => expect(cart).toHaveFocus());
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('says the cart was cleared, and Undo puts back the lines as they were', async () => {
    const user = userEvent.setup();
    renderHaloAndPad();
    forgetSpoken();
    const liveArea = document.querySelector('[aria-live="polite"][data-live-area]')!;
    expect(liveArea).toBeEmptyDOMElement(); // on the page before the notice, which is said in it
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('link', { name: 'Browse Shop' })).toBeInTheDocument();
    expect(liveArea).toHaveTextContent(/^Cart cleared\.\s*Undo$/);
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Undo clearing the cart' }));
    expect(await screen.findByLabelText('Quantity of Halo Infinite')).toHaveValue('2');
    expect(screen.getByLabelText('Quantity of Pad')).toHaveValue('1');
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    expect(screen.queryByText('Cart cleared.')).not.toBeInTheDocument();
    await waitFor(() => expect(spoken()).toBe('Cart restored.')); // Undo took its own button away
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual([
      { product: expect.objectContaining(haloProduct), quantity: 2 },
      { product: expect.objectContaining(padProduct), quantity: 1 },
    ]);
  });

  it('Undo puts back the lines that can be bought, and names those it leaves out and why', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { product: haloProduct, quantity: 2 },
        { product: { _id: 'p2', name: 'Old Pad', salePrice: 10, amount: 4 }, quantity: 1 },
        { product: { _id: 'p3', name: 'Neon Pad', salePrice: 10, amount: 4 }, quantity: 1 },
      ]),
    );
    renderWithCart(<CartPage />, [
      liveProducts(
        ['p1', 'p2', 'p3'],
        [{ id: 'p1', ...haloProduct }, null, { id: 'p3', name: 'Neon Pad', salePrice: 10, amount: 0 }],
      ),
      unchanged([haloProduct]),
    ]);
    expect(await screen.findByText('No longer available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(await screen.findByRole('button', { name: 'Undo clearing the cart' }));
    expect(await screen.findByLabelText('Quantity of Halo Infinite')).toHaveValue('2');
    expect(
      screen.getByText(
        'Old Pad was not put back: it was no longer available. Neon Pad was not put back: it was sold out.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Old Pad')).not.toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('2');
  });

  it('shows the products as they are now: a new price, and a product deleted since as no longer available', async () => {
    storeGuestCart([
      { product: { _id: 'p1', name: 'Halo Infinite', salePrice: 44.99, amount: 5 }, quantity: 2 },
      { product: { _id: 'p2', name: 'Old Pad', salePrice: 10, amount: 4 }, quantity: 1 },
    ]);
    renderWithCart(<CartPage />, [
      liveProducts(['p1', 'p2'], [{ id: 'p1', name: 'Halo Infinite', salePrice: 39.99, amount: 5 }, null]),
    ]);
    expect(await screen.findByText('$39.99 each')).toBeInTheDocument();
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Old Pad')).not.toBeInTheDocument();
    expect(
      screen.getByText('Some products in your cart are no longer sold. Remove them to check out.'),
    ).toBeInTheDocument();
    // 2 × 39.99 = 79.98 (the line and the subtotal, the deleted pad left out); + 8.00 tax = 87.98
    expect(screen.getAllByText('$79.98')).toHaveLength(2);
    expect(screen.getByText('$87.98')).toBeInTheDocument();
  });

  it('keeps the prices as they are now while the cart left after a removal is asked about, and says that total', async () => {
    const user = userEvent.setup();
    forgetSpoken();
    storeGuestCart([
      { product: { _id: 'p1', name: 'Halo Infinite', salePrice: 50, amount: 5 }, quantity: 1 },
      { product: { _id: 'p2', name: 'Pad', salePrice: 10, amount: 4 }, quantity: 1 },
    ]);
    const halo = { id: 'p1', name: 'Halo Infinite', salePrice: 40, amount: 5 };
    renderWithCart(<CartPage />, [
      liveProducts(['p1', 'p2'], [halo, { id: 'p2', name: 'Pad', salePrice: 10, amount: 4 }]),
      { ...liveProducts(['p1'], [halo]), delay: 300 },
    ]);
    expect(await screen.findByText('$40.00 each')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Pad' }));
    // not the stored $50 while the answer for Halo alone is on its way: 40 + 4.00 tax
    expect(screen.getByText('$40.00 each')).toBeInTheDocument();
    expect(screen.getByText('$44.00')).toBeInTheDocument();
    await waitFor(() => expect(spoken()).toBe('Pad removed from the cart. Cart total $44.00.'));
  });
});

describe('guest cart against the stock', () => {
  beforeEach(() => clearGuestCart());

  const storeShortCart = () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { product: { _id: 'p1', name: 'Harvest Valley', salePrice: 20, amount: 9 }, quantity: 3 },
        { product: { _id: 'p2', name: 'Neon Pad', salePrice: 10, amount: 4 }, quantity: 1 },
      ]),
    );
    return liveProducts(
      ['p1', 'p2'],
      [
        { id: 'p1', name: 'Harvest Valley', salePrice: 20, amount: 2 },
        { id: 'p2', name: 'Neon Pad', salePrice: 10, amount: 0 },
      ],
    );
  };

  it('counts a line at most at the stock and a sold-out line not at all, saying so on the line', async () => {
    renderWithCart(<CartPage />, [storeShortCart()]);
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    const harvest = screen.getByLabelText('Quantity of Harvest Valley');
    expect(harvest).toHaveValue('2');
    expect(
      within(harvest)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2']);
    const pad = screen.getAllByRole('listitem').find((line) => within(line).queryByText('Neon Pad'))!;
    expect(within(pad).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Neon Pad')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Neon Pad' })).toBeEnabled();
    // 2 × 20 = 40 (the line and the subtotal; the sold-out pad left out); + 4.00 tax = 44.00; the badge counts 2
    expect(screen.getAllByText('$40.00')).toHaveLength(2);
    expect(screen.getByText('$44.00')).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    // the stored quantities stay: restocked, the lines are whole again
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!).map((l: { quantity: number }) => l.quantity)).toEqual([
      3, 1,
    ]);
  });

  it('says the same in the top bar preview', async () => {
    renderWithCart(<CartPreview trigger={<a href="/cart">Cart</a>} />, [storeShortCart()]);
    const preview = await screen.findByTestId('cart-preview');
    expect(await within(preview).findByText('Out of stock')).toBeInTheDocument();
    expect(within(preview).getByText('2 × $20.00', { exact: false })).toHaveTextContent('2 × $20.00 · Only 2 left');
    // subtotal + tax = total, each line said, so the total adds up with the lines above
    expect(within(preview).getByText('Subtotal').parentElement).toHaveTextContent('Subtotal$40.00');
    expect(within(preview).getByText('Tax (10%)').parentElement).toHaveTextContent('Tax (10%)$4.00');
    expect(within(preview).getByText('Total').parentElement).toHaveTextContent('Total$44.00');
  });
});

describe('the top bar preview of an empty cart', () => {
  beforeEach(() => clearGuestCart());

  it('says so and offers the cart page, not a checkout of nothing', async () => {
    renderWithCart(<CartPreview trigger={<a href="/cart">Cart</a>} />, []);
    const preview = await screen.findByTestId('cart-preview');
    expect(within(preview).getByText('Your cart is empty.')).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(within(preview).queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});

describe('cart thumbnails', () => {
  beforeEach(() => clearGuestCart());

  const halo = { _id: 'p1', name: 'Halo Infinite', salePrice: 44.99, amount: 5, imageUrl: '/uploads/halo-sm.webp' };

  it('show the whole product picture on the cart page: its title is painted in, so it is fitted, not cropped', () => {
    renderWithCart(<CartPage />, [storeGuestCart([{ product: halo, quantity: 1 }])]);
    expect(screen.getByRole('presentation')).toHaveStyle({ objectFit: 'contain' });
  });

  it('show the whole product picture in the top bar preview too', async () => {
    renderWithCart(<CartPreview trigger={<a href="/cart">Cart</a>} />, [
      storeGuestCart([{ product: halo, quantity: 1 }]),
    ]);
    const preview = await screen.findByTestId('cart-preview');
    expect(within(preview).getByRole('presentation')).toHaveStyle({ objectFit: 'contain' });
  });
});

describe('signed-in cart', () => {
  beforeEach(() => {
    clearGuestCart();
    setStoredUser({ _id: 'u1', id: 'u1', username: 'player', email: 'p@x.io', phone: '', isAdmin: false, token: 't' });
  });
  afterEach(() => {
    cleanup(); // before signing out, which would re-render the page as a guest's
    setStoredUser(null);
  });

  /** The server's cart: one Checkpoint Hoodie line holding `quantity`, with `amount` left in stock. */
  const hoodieCart = (quantity: number, amount: number) =>
    serverCartResponse([{ productId: 'p1', name: 'Checkpoint Hoodie', unitPrice: 30, quantity, amount }]);

  /** The server's whole cart, as a mutation named `field` answers it. */
  const cartAnswer = (field: string, lines: Parameters<typeof serverCartResponse>[0]) => ({
    data: { [field]: (serverCartResponse(lines).result as { data: { cart: object } }).data.cart },
  });

  it("Undo after Clear Cart says the server's refusal, keeps an unanswered line for another Undo, and puts it back", async () => {
    forgetSpoken();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const hoodie = { productId: 'p1', name: 'Checkpoint Hoodie', unitPrice: 30, quantity: 2, amount: 5 };
    const pad = { productId: 'p2', name: 'Pad', unitPrice: 10, quantity: 1, amount: 4 };
    const addPad = { query: ServerCartAdd, variables: { productId: 'p2', quantity: 1 } };
    renderWithCart(<CartPage />, [
      serverCartResponse([hoodie, pad]),
      { request: { query: ServerCartClear }, result: cartAnswer('clearCart', []) },
      {
        request: { query: ServerCartAdd, variables: { productId: 'p1', quantity: 2 } },
        result: { errors: [{ message: 'Checkpoint Hoodie is out of stock.', extensions: { code: 'CONFLICT' } }] },
      },
      serverCartResponse([]), // read again after the refusal
      { request: addPad, error: new Error('Failed to fetch') },
      serverCartResponse([]), // and after the add that went unanswered
      { request: addPad, result: cartAnswer('addToCart', [pad]) },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared.')).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Undo clearing the cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Checkpoint Hoodie is out of stock\. Pad: not put back yet\. Press Undo to try again\.$/,
    );
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Undo clearing the cart' }));
    expect(await screen.findByLabelText('Quantity of Pad')).toHaveValue('1');
    expect(screen.queryByLabelText('Quantity of Checkpoint Hoodie')).not.toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Cart cleared.')).not.toBeInTheDocument();
    await waitFor(() => expect(spoken()).toBe('Cart restored.'));
    logged.mockRestore();
  });

  it('offers no Undo once another account is signed in: the cart cleared was not theirs', async () => {
    const user = userEvent.setup();
    const hoodie = { productId: 'p1', name: 'Checkpoint Hoodie', unitPrice: 30, quantity: 2, amount: 5 };
    renderWithCart(<CartPage />, [
      serverCartResponse([hoodie]),
      { request: { query: ServerCartClear }, result: cartAnswer('clearCart', []) },
      serverCartResponse([]), // the other account's cart
    ]);
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('button', { name: 'Undo clearing the cart' })).toBeInTheDocument();
    // another tab logs out and in as someone else
    act(() => setStoredUser(storedCustomer('u2')));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo clearing the cart' })).toBeNull());
    expect(screen.queryByText('Cart cleared.')).not.toBeInTheDocument();
  });

  it('shows the stock as it is now after a quantity change is refused for it', async () => {
    const user = userEvent.setup();
    renderWithCart(<CartPage />, [
      hoodieCart(2, 5),
      {
        request: { query: ServerCartUpdate, variables: { productId: 'p1', quantity: 3 } },
        result: {
          errors: [{ message: 'Only 1 of Checkpoint Hoodie left in stock.', extensions: { code: 'CONFLICT' } }],
        },
      },
      hoodieCart(2, 1), // an admin lowered the stock since the cart was loaded
    ]);
    const quantity = await screen.findByLabelText('Quantity of Checkpoint Hoodie');
    await user.selectOptions(quantity, '3');
    expect(await screen.findByText('Only 1 of Checkpoint Hoodie left in stock.')).toBeInTheDocument();
    const line = screen.getByRole('listitem');
    expect(await within(line).findByText('Only 1 left')).toBeInTheDocument();
    expect(quantity).toHaveValue('2');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2']);
    expect(
      screen.getByText(
        'Some products have fewer units left than your cart holds. Lower their quantity or remove them to check out.',
      ),
    ).toBeInTheDocument();
    // the server's reason stays until the next change
    expect(screen.getByText('Only 1 of Checkpoint Hoodie left in stock.')).toBeInTheDocument();
  });

  it('says the cart could not be loaded, not that it is empty, and loads it on Try again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    // The server fails every ask (the cart's own and the page's as it opens) until it is back.
    let serverBack = false;
    const cart = hoodieCart(2, 5).result as { data: Record<string, unknown> };
    renderWithCart(<CartPage />, [
      {
        request: { query: ServerCartQuery },
        result: () => (serverBack ? cart : { errors: [{ message: 'Service unavailable' }] }),
        maxUsageCount: 10,
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your cart.');
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument();
    serverBack = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Quantity of Checkpoint Hoodie')).toHaveValue('2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('asks for the cart again when the tab is back in view: another tab may have changed it', async () => {
    renderWithCart(<CartPage />, [hoodieCart(2, 5), hoodieCart(3, 5)]);
    const quantity = await screen.findByLabelText('Quantity of Checkpoint Hoodie');
    expect(quantity).toHaveValue('2');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(quantity).toHaveValue('3'));
    expect(screen.getByTestId('count')).toHaveTextContent('3');
  });

  it('keeps a quantity change whose answer came in while an older refresh was still on its way', async () => {
    const user = userEvent.setup();
    const updated = hoodieCart(3, 5);
    renderWithCart(<CartPage />, [
      hoodieCart(2, 5),
      { ...hoodieCart(2, 5), delay: 300 }, // the tab's refresh, read by the server before the change
      {
        request: { query: ServerCartUpdate, variables: { productId: 'p1', quantity: 3 } },
        result: { data: { updateCartItem: (updated.result as { data: { cart: unknown } }).data.cart } },
      },
    ]);
    const quantity = await screen.findByLabelText('Quantity of Checkpoint Hoodie');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await user.selectOptions(quantity, '3');
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('3'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400))); // the refresh's answer is in
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    expect(screen.getByLabelText('Quantity of Checkpoint Hoodie')).toHaveValue('3');
  });

  it('says a quantity change once the server has it, with the total it comes to, and a last line removed', async () => {
    const user = userEvent.setup();
    forgetSpoken();
    renderWithCart(<CartPage />, [
      hoodieCart(1, 5),
      {
        request: { query: ServerCartUpdate, variables: { productId: 'p1', quantity: 2 } },
        result: cartAnswer('updateCartItem', [
          { productId: 'p1', name: 'Checkpoint Hoodie', unitPrice: 30, quantity: 2, amount: 5 },
        ]),
        delay: 100,
      },
      {
        request: { query: ServerCartRemove, variables: { productId: 'p1' } },
        result: cartAnswer('removeFromCart', []),
      },
    ]);
    await user.selectOptions(await screen.findByLabelText('Quantity of Checkpoint Hoodie'), '2');
    expect(spoken()).toBe(''); // not before the server took it
    await waitFor(() => expect(spoken()).toBe('Quantity of Checkpoint Hoodie set to 2. Cart total $66.00.'));
    await user.click(screen.getByRole('button', { name: 'Remove Checkpoint Hoodie' }));
    await waitFor(() => expect(spoken()).toBe('Checkpoint Hoodie removed from the cart. Your cart is empty.'));
  });

  it('offers only Remove for a line sold out since it went in, and counts it nothing', async () => {
    renderWithCart(<CartPage />, [
      serverCartResponse([
        { productId: 'p1', name: 'Checkpoint Hoodie', unitPrice: 30, quantity: 2, amount: 0 },
        { productId: 'p2', name: 'Neon Pad', unitPrice: 10, quantity: 1, amount: 4 },
      ]),
    ]);
    const [hoodie] = await screen.findAllByRole('listitem');
    expect(within(hoodie).getByText('Out of stock')).toBeInTheDocument();
    // no quantity can make it buyable: it is removed, not lowered
    expect(within(hoodie).queryByLabelText('Quantity of Checkpoint Hoodie')).not.toBeInTheDocument();
    expect(within(hoodie).getByRole('button', { name: 'Remove Checkpoint Hoodie' })).toBeEnabled();
    expect(screen.getByLabelText('Quantity of Neon Pad')).toHaveValue('1');
    expect(
      screen.getByText(
        'Some products have fewer units left than your cart holds. Lower their quantity or remove them to check out.',
      ),
    ).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Order Summary' }).parentElement!;
    expect(within(summary).getByText('$10.00')).toBeInTheDocument(); // the subtotal: the pad alone
  });

  it("says 'Error updating quantity' when a quantity change fails without a word from the server", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const unchangedCart = hoodieCart(2, 5);
    const refreshed = jest.fn(() => unchangedCart.result as { data: Record<string, unknown> });
    renderWithCart(<CartPage />, [
      hoodieCart(2, 5),
      { request: { query: ServerCartUpdate, variables: { productId: 'p1', quantity: 3 } }, error: new Error('down') },
      { ...unchangedCart, result: refreshed }, // asked again after the failure: nothing changed
    ]);
    const quantity = await screen.findByLabelText('Quantity of Checkpoint Hoodie');
    await user.selectOptions(quantity, '3');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error updating quantity$/);
    await waitFor(() => expect(refreshed).toHaveBeenCalled());
    expect(quantity).toHaveValue('2');
    expect(logged).toHaveBeenCalledWith('Cart update failed', expect.any(Error));
    logged.mockRestore();
  });

  it("Add to Cart on a card says 'Adding...' and cannot be pressed again while the server adds", async () => {
    const withHoodie = hoodieCart(1, 5);
    const user = userEvent.setup();
    renderWithCart(<ProductCard product={{ ...product, id: 'p1', name: 'Checkpoint Hoodie' }} />, [
      serverCartResponse([]),
      {
        request: { query: ServerCartAdd, variables: { productId: 'p1', quantity: 1 } },
        result: { data: { addToCart: (withHoodie.result as { data: { cart: unknown } }).data.cart } },
        delay: 300,
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Added!' })).toBeEnabled();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
  });
});

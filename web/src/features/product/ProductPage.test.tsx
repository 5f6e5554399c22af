import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { system } from '../../app/theme';
import { setStoredUser } from '../../lib/auth';
import { CartProvider, useCartCount } from '../cart/CartProvider';
import { ServerCartAdd } from '../cart/server-cart';
import { ProductPage, ProductPageQuery } from './ProductPage';
import { serverCartResponse } from '../../test/server-cart';
// The page keeps its delete mutation to itself: this is the same document, as codegen emits it.
import { ProductPageDeleteDocument as Delete } from '../../gql/graphql';
import { STORED_ADMIN } from '../../test/users';

const ID = '5b0c2d3e-0000-4000-8000-000000000001';

/** The product as the server tells it, with `amount` left in stock. */
function dungeonDelve(amount: number): MockLink.MockedResponse {
  return {
    request: { query: ProductPageQuery, variables: { id: ID } },
    result: {
      data: {
        product: {
          __typename: 'Product',
          id: ID,
          name: 'Dungeon Delve',
          description: 'Down you go.',
          price: 20,
          salePrice: 20,
          discount: 0,
          amount,
          inStock: amount > 0,
          category: 'Game',
          platform: 'PC',
          brand: null,
          rating: 4,
          images: [],
        },
      },
    },
  };
}

const emptyCart = serverCartResponse([]);

/** The cart badge's number. */
function Count() {
  return <output data-testid="count">{useCartCount()}</output>;
}

/** Where the router is, so a test can tell the page did not move on. */
function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderProduct(mocks: MockLink.MockedResponse[]) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <CartProvider>
          <MemoryRouter initialEntries={[`/products/${ID}`]}>
            <Routes>
              <Route path="/products/:productId" element={<ProductPage />} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
            <Count />
          </MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
}

/**
 * Presses Add to Cart once the signed-in cart has loaded. A refused add reads the cart again, and a read sent while the
 * first is still out would share it (Apollo sends one request for both): the second answer would never be asked for.
 */
async function addToCartOnceLoaded(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0')); // the cart, empty, has loaded
  await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
}

describe('ProductPage (signed in)', () => {
  beforeEach(() =>
    setStoredUser({ _id: 'u1', id: 'u1', username: 'player', email: 'p@x.io', phone: '', isAdmin: false, token: 't' }),
  );
  afterEach(() => {
    cleanup(); // before signing out, which would re-render the page as a guest's
    setStoredUser(null);
    jest.restoreAllMocks();
  });

  it('says a product not found in the tab title too, as the page does', async () => {
    renderProduct([
      { request: { query: ProductPageQuery, variables: { id: ID } }, result: { data: { product: null } } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(document.title).toBe('Product not found · Checkpoint');
  });

  it('shows the product out of stock when Add to Cart is refused because it sold out meanwhile', async () => {
    const user = userEvent.setup();
    const reread = { ...emptyCart, result: jest.fn(() => emptyCart.result as { data: Record<string, unknown> }) };
    renderProduct([
      dungeonDelve(4),
      emptyCart,
      {
        request: { query: ServerCartAdd, variables: { productId: ID, quantity: 1 } },
        result: { errors: [{ message: 'Sorry, Dungeon Delve is out of stock.', extensions: { code: 'CONFLICT' } }] },
      },
      dungeonDelve(0), // the last one was sold after the page loaded
      reread, // the cart is read again after a refused change
    ]);
    await addToCartOnceLoaded(user);
    // The tab is named after the product, so product tabs and history entries can be told apart.
    expect(document.title).toBe('Dungeon Delve · Checkpoint');
    expect(await screen.findByText('Sorry, Dungeon Delve is out of stock.')).toBeInTheDocument();
    expect(await screen.findByText('This product is currently out of stock.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
    expect(screen.getByText('Sorry, Dungeon Delve is out of stock.')).toBeInTheDocument();
    // The cart's re-read answered before the page goes: cut short by the unmount, it would log 'Cart refresh failed'.
    await waitFor(() => expect(reread.result).toHaveBeenCalled(), { timeout: 5_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  });

  it("says 'Error adding item' when Add to Cart fails without a word from the server, and shows the cart the server has", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const again = {
      ...dungeonDelve(4),
      result: jest.fn(() => dungeonDelve(4).result as { data: Record<string, unknown> }),
    };
    renderProduct([
      dungeonDelve(4),
      emptyCart,
      { request: { query: ServerCartAdd, variables: { productId: ID, quantity: 1 } }, error: new Error('down') },
      again, // the product is asked for again after a failed add: unchanged
      // the cart too: the connection dropped after the server had added the unit
      serverCartResponse([{ productId: ID, name: 'Dungeon Delve', unitPrice: 20, quantity: 1, amount: 3 }]),
    ]);
    // the limit is said before it is reached
    expect(await screen.findByLabelText('Quantity')).toHaveAccessibleDescription('1 to 3 per product in your cart.');
    await addToCartOnceLoaded(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error adding item$/);
    expect(logged).toHaveBeenCalledWith('Add to cart failed', expect.any(Error));
    await waitFor(() => expect(again.result).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});

describe('ProductPage (admin)', () => {
  beforeEach(() => setStoredUser(STORED_ADMIN));
  afterEach(() => {
    cleanup();
    setStoredUser(null);
    jest.restoreAllMocks();
  });

  it("asks first, then says 'Failed to delete product' when the delete fails, and stays on the product", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderProduct([
      dungeonDelve(4),
      emptyCart,
      { request: { query: Delete, variables: { id: ID } }, error: new Error('down') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete product' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this product?');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to delete product$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Dungeon Delve' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/products/${ID}`);
  });
});

import type { ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import { setStoredUser } from '../../lib/auth';
import { serverCartResponse } from '../../test/server-cart';
import { CartProvider, useCartCount } from './CartProvider';
import { addGuestItem, clearGuestCart, getGuestCart } from './guest-cart';
import { MERGE_RETRY_MS, ServerCartMerge } from './server-cart';
import { useCart } from './use-cart';
import { LoadFailed } from '../../components/LoadFailed';

function Count() {
  return <output data-testid="count">{useCartCount()}</output>;
}

/** A cart view as the cart page shows one: loading, failed with Try again, or the cart. */
function CartView() {
  const cart = useCart();
  if (cart.loading) return <p>Loading cart</p>;
  if (cart.retryLoad) return <LoadFailed message="Failed to load the cart." onRetry={cart.retryLoad} />;
  return <p>{cart.count} in the cart</p>;
}

const pad = { _id: 'p1', name: 'Neon Pad', salePrice: 10, amount: 4 };

describe('the login merge of the guest cart', () => {
  beforeEach(() => {
    clearGuestCart();
    addGuestItem(pad, 2);
    setStoredUser({ _id: 'u1', id: 'u1', username: 'player', email: 'p@x.io', phone: '', isAdmin: false, token: 't' });
  });
  afterEach(() => {
    cleanup(); // before the sign-out, which a cart view still shown would take as a guest's cart to count
    setStoredUser(null);
    jest.restoreAllMocks();
  });

  it('keeps the guest cart when the merge goes unanswered, and merges it once the server answers again', async () => {
    const { logged, answered } = renderMerge(<Count />);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Cart sync failed', expect.any(Error)));
    expect(getGuestCart()).toEqual([{ product: pad, quantity: 2 }]); // not thrown away

    await waitFor(() => expect(answered).toHaveBeenCalled(), { timeout: MERGE_RETRY_MS + 2_000 });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(getGuestCart()).toEqual([]);
  }, 20_000); // a real wait of MERGE_RETRY_MS, on a busy CI machine

  it('says the cart could not be loaded while an unanswered merge waits, and Try again merges at once', async () => {
    const { logged, answered } = renderMerge(<CartView />);
    expect(screen.getByText('Loading cart')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Cart sync failed', expect.any(Error)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the cart.');
    expect(answered).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // Asked at once: well before the merge would be asked again by itself, MERGE_RETRY_MS after the failure.
    expect(await screen.findByText('2 in the cart', {}, { timeout: MERGE_RETRY_MS / 3 })).toBeInTheDocument();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(getGuestCart()).toEqual([]);
  });
});

/** `view` in the cart's providers, signed in with guest items whose merge goes unanswered once, then is answered. */
function renderMerge(view: ReactNode) {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const merge = { query: ServerCartMerge, variables: { items: [{ productId: 'p1', quantity: 2 }] } };
  const merged = serverCartResponse([{ productId: 'p1', name: 'Neon Pad', unitPrice: 10, quantity: 2, amount: 4 }]);
  const answered = jest.fn(() => ({
    data: { mergeGuestCart: (merged.result as { data: { cart: unknown } }).data.cart },
  }));
  const mocks: MockLink.MockedResponse[] = [
    { request: merge, error: new Error('Failed to fetch') },
    { request: merge, result: answered },
    merged,
  ];
  render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks}>
        <CartProvider>
          <MemoryRouter>{view}</MemoryRouter>
        </CartProvider>
      </MockedProvider>
    </ChakraProvider>,
  );
  return { logged, answered };
}

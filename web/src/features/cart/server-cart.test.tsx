import { render, screen, waitFor } from '@testing-library/react';
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

function Count() {
  return <output data-testid="count">{useCartCount()}</output>;
}

const pad = { _id: 'p1', name: 'Neon Pad', salePrice: 10, amount: 4 };

describe('the login merge of the guest cart', () => {
  beforeEach(() => {
    clearGuestCart();
    addGuestItem(pad, 2);
    setStoredUser({ _id: 'u1', id: 'u1', username: 'player', email: 'p@x.io', phone: '', isAdmin: false, token: 't' });
  });
  afterEach(() => {
    setStoredUser(null);
    jest.restoreAllMocks();
  });

  it('keeps the guest cart when the merge goes unanswered, and merges it once the server answers again', async () => {
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
            <MemoryRouter>
              <Count />
            </MemoryRouter>
          </CartProvider>
        </MockedProvider>
      </ChakraProvider>,
    );
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Cart sync failed', expect.any(Error)));
    expect(getGuestCart()).toEqual([{ product: pad, quantity: 2 }]); // not thrown away

    await waitFor(() => expect(answered).toHaveBeenCalled(), { timeout: MERGE_RETRY_MS + 2_000 });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(getGuestCart()).toEqual([]);
  }, 20_000); // a real wait of MERGE_RETRY_MS, on a busy CI machine
});

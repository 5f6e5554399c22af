import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { setStoredUser } from '../../lib/auth';
import { serverCartResponse } from '../../test/server-cart';
import { CartProvider } from './CartProvider';
import { addGuestItem, clearGuestCart, getGuestCart } from './guest-cart';
import { ServerCartAdd } from './server-cart';
import { addedLabel, useAddToCart } from './use-add-to-cart';
import { spoken } from '../../test/spoken';

const pad = { _id: 'p1', name: 'Pad', salePrice: 10, amount: 2 };
const halo = { _id: 'p2', name: 'Halo', salePrice: 44.99, amount: 9 };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MockedProvider>
      <CartProvider>{children}</CartProvider>
    </MockedProvider>
  );
}

describe('addedLabel', () => {
  it("confirms a full add with 'Added!' and otherwise names the cap", () => {
    expect(addedLabel({ asked: 1, added: 1, stock: 5 })).toBe('Added!');
    expect(addedLabel({ asked: 1, added: 0, stock: 5, limit: 'max' })).toBe('Max 3 per product');
    expect(addedLabel({ asked: 1, added: 0, stock: 2, limit: 'stock' })).toBe('Only 2 left');
    expect(addedLabel({ asked: 3, added: 2, stock: 2, limit: 'stock' })).toBe('Added 2 of 3. Only 2 left');
    expect(addedLabel({ asked: 3, added: 1, stock: 8, limit: 'max' })).toBe('Added 1 of 3. Max 3 per product');
    expect(addedLabel({ asked: 1, added: 0, stock: 8, limit: 'lines' })).toBe('Cart full: 100 products');
  });
});

describe('useAddToCart (guest)', () => {
  it('tells screen readers what went in, naming the product', async () => {
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(halo));
    expect(result.current.label).toBe('Added!');
    await waitFor(() => expect(spoken()).toBe('Halo added to cart.'));
  });

  beforeEach(() => clearGuestCart());
  afterEach(() => jest.useRealTimers());

  it("says 'Added!' for 2 s (spec §4), then goes back to Add to Cart", async () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(halo));
    expect(result.current.label).toBe('Added!');
    act(() => jest.advanceTimersByTime(1990));
    expect(result.current.label).toBe('Added!');
    act(() => jest.advanceTimersByTime(10));
    expect(result.current.label).toBe('Add to Cart');
  });

  it('says when fewer units went in than asked, for 2 s', async () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(pad, 3));
    expect(result.current.label).toBe('Added 2 of 3. Only 2 left');
    expect(getGuestCart()[0].quantity).toBe(2);
    act(() => jest.advanceTimersByTime(0));
    expect(spoken()).toBe('Pad: Added 2 of 3. Only 2 left');
    act(() => jest.advanceTimersByTime(1990));
    expect(result.current.label).toBe('Added 2 of 3. Only 2 left');
    act(() => jest.advanceTimersByTime(10));
    expect(result.current.label).toBe('Add to Cart');
  });

  it("does not say 'Added!' when the line was already full", async () => {
    addGuestItem(halo, 3);
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(halo));
    expect(result.current.label).toBe('Max 3 per product');
    act(() => void addGuestItem(pad, 2));
    await act(() => result.current.add(pad));
    expect(result.current.label).toBe('Only 2 left');
  });
});

describe('useAddToCart (signed in)', () => {
  beforeEach(() => {
    clearGuestCart();
    setStoredUser({ _id: 'u1', id: 'u1', username: 'player', email: 'p@x.io', phone: '', isAdmin: false, token: 't' });
  });
  afterEach(() => {
    cleanup(); // before signing out, which would re-render the hook as a guest's
    setStoredUser(null);
  });

  it("says 'Adding...' while the server adds the product, then 'Added!'", async () => {
    const withHalo = serverCartResponse([{ productId: 'p2', name: 'Halo', unitPrice: 44.99, quantity: 1, amount: 9 }]);
    const added: MockLink.MockedResponse = {
      request: { query: ServerCartAdd, variables: { productId: 'p2', quantity: 1 } },
      result: { data: { addToCart: (withHalo.result as { data: { cart: unknown } }).data.cart } },
      delay: 100,
    };
    const { result } = renderHook(() => useAddToCart(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MockedProvider mocks={[serverCartResponse([]), added]}>
          <CartProvider>{children}</CartProvider>
        </MockedProvider>
      ),
    });
    expect(result.current.label).toBe('Add to Cart');
    let adding: Promise<void> = Promise.resolve();
    act(() => {
      adding = result.current.add(halo);
    });
    expect(result.current.label).toBe('Adding...');
    expect(result.current.adding).toBe(true);
    await act(() => adding);
    expect(result.current.label).toBe('Added!');
    expect(result.current.adding).toBe(false);
  });
});

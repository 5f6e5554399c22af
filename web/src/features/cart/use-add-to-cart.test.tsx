import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MockedProvider } from '@apollo/client/testing/react';
import { CartProvider } from './CartProvider';
import { addGuestItem, clearGuestCart, getGuestCart } from './guest-cart';
import { addedLabel, ADDED_MS, useAddToCart } from './use-add-to-cart';
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

  it('says when fewer units went in than asked, for 2 s', async () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.add(pad, 3));
    expect(result.current.label).toBe('Added 2 of 3. Only 2 left');
    expect(getGuestCart()[0].quantity).toBe(2);
    act(() => jest.advanceTimersByTime(0));
    expect(spoken()).toBe('Pad: Added 2 of 3. Only 2 left');
    act(() => jest.advanceTimersByTime(ADDED_MS));
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

import { cartTotals } from './cart-math';
import {
  addGuestItem,
  clearGuestCart,
  getGuestCart,
  GUEST_CART_KEY,
  removeGuestItem,
  setGuestQuantity,
} from './guest-cart';

const halo = { _id: 'p1', name: 'Halo', salePrice: 44.99, amount: 10 };
const pad = { _id: 'p2', name: 'Pad', salePrice: 19.5, amount: 2 };

describe('guest cart', () => {
  beforeEach(() => clearGuestCart());

  it('keeps its items in localStorage under `cart` and caps a line at 3 on add', () => {
    addGuestItem(halo, 2);
    addGuestItem(halo, 2);
    expect(getGuestCart()).toEqual([{ product: halo, quantity: 3 }]);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual([{ product: halo, quantity: 3 }]);
  });

  it('never goes above the stock, updates, removes and clears', () => {
    addGuestItem(pad, 3);
    addGuestItem(halo, 1);
    expect(getGuestCart().map((i) => i.quantity)).toEqual([2, 1]);
    setGuestQuantity('p1', 3);
    expect(getGuestCart()[1].quantity).toBe(3);
    removeGuestItem('p2');
    expect(getGuestCart().map((i) => i.product._id)).toEqual(['p1']);
    clearGuestCart();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem(GUEST_CART_KEY, '{nope');
    expect(getGuestCart()).toEqual([]);
  });
});

describe('cartTotals', () => {
  it('computes tax 10 %, flat shipping 5 and both totals in cents (spec §9)', () => {
    expect(
      cartTotals([
        { unitPrice: 44.99, quantity: 3 },
        { unitPrice: 0.1, quantity: 1 },
      ]),
    ).toEqual({
      subtotal: 135.07,
      tax: 13.51,
      shipping: 5,
      cartTotal: 148.58,
      total: 153.58,
    });
  });

  it('has no shipping for an empty cart', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, tax: 0, shipping: 0, cartTotal: 0, total: 0 });
  });
});

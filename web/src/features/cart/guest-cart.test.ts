import { cartTotals, planAdd } from './cart-math';
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

  it('holds at most 100 products, as the server cart and the login merge do; a line in it still takes units', () => {
    for (let i = 0; i < 100; i++) addGuestItem({ ...halo, _id: `p${i}` }, 1);
    expect(addGuestItem({ ...halo, _id: 'p100' }, 2)).toEqual({ asked: 2, added: 0, stock: 10, limit: 'lines' });
    expect(getGuestCart()).toHaveLength(100);
    expect(addGuestItem({ ...halo, _id: 'p0' }, 1)).toEqual({ asked: 1, added: 1, stock: 10 });
  });

  it('says how many units an add put in, and which cap stopped the rest', () => {
    expect(addGuestItem(halo, 2)).toEqual({ asked: 2, added: 2, stock: 10 });
    expect(addGuestItem(halo, 2)).toEqual({ asked: 2, added: 1, stock: 10, limit: 'max' });
    expect(addGuestItem(halo, 1)).toEqual({ asked: 1, added: 0, stock: 10, limit: 'max' });
    expect(addGuestItem(pad, 3)).toEqual({ asked: 3, added: 2, stock: 2, limit: 'stock' });
    expect(getGuestCart().map((i) => i.quantity)).toEqual([3, 2]);
  });

  it('leaves a line alone that the stock no longer covers when nothing more fits', () => {
    addGuestItem(halo, 3);
    expect(addGuestItem({ ...halo, amount: 1 }, 1)).toEqual({ asked: 1, added: 0, stock: 1, limit: 'stock' });
    expect(getGuestCart()[0].quantity).toBe(3);
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem(GUEST_CART_KEY, '{nope');
    expect(getGuestCart()).toEqual([]);
  });
});

describe('planAdd', () => {
  it('fits an add under 3 per line and under the stock, naming the cap that stopped it', () => {
    expect(planAdd(0, 3, 5)).toEqual({ asked: 3, added: 3, stock: 5 });
    expect(planAdd(3, 1, 5)).toEqual({ asked: 1, added: 0, stock: 5, limit: 'max' });
    expect(planAdd(1, 3, 2)).toEqual({ asked: 3, added: 1, stock: 2, limit: 'stock' });
    expect(planAdd(0, 1, 0)).toEqual({ asked: 1, added: 0, stock: 0, limit: 'stock' });
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

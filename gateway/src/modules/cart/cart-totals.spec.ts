import { totalsOf } from './cart-totals';

describe('totalsOf', () => {
  it('is all zero for an empty cart (no shipping)', () => {
    expect(totalsOf([])).toEqual({ subtotalCents: 0, taxCents: 0, shippingCents: 0, totalCents: 0, cartTotalCents: 0 });
  });

  it('uses sale prices, 10 % tax rounded to the cent, and a flat 5.00 shipping', () => {
    // 19.99 at 15 % off = 16.99 (16.9915 rounded); 2 of them = 33.98; plus 1 x 5.00 = 38.98
    const totals = totalsOf([
      { priceCents: 1999, discount: 15, quantity: 2 },
      { priceCents: 500, discount: 0, quantity: 1 },
    ]);
    expect(totals).toEqual({
      subtotalCents: 3898,
      taxCents: 390,
      shippingCents: 500,
      totalCents: 4788,
      cartTotalCents: 4288,
    });
  });
});

import { mergeNotice } from './merge-notice';

const product = (id: string, name: string) => ({ _id: id, name, salePrice: 10, amount: 9 });
const line = (productId: string, quantity: number, amount: number | null) => ({
  productId,
  quantity,
  product: amount === null ? null : { amount },
});

const halo = product('p1', 'Halo');
const harvest = product('p2', 'Harvest Valley');
const pad = product('p3', 'Neon Pad');

describe('mergeNotice', () => {
  it('says nothing when every guest line came across whole', () => {
    expect(
      mergeNotice(
        [
          { product: halo, quantity: 2 },
          { product: pad, quantity: 1 },
        ],
        [line('p1', 2, 5), line('p3', 1, 1)],
      ),
    ).toBeUndefined();
  });

  it('names the lines the merge dropped (sold out or deleted) and those it cut to the stock', () => {
    expect(
      mergeNotice(
        [
          { product: halo, quantity: 3 },
          { product: harvest, quantity: 1 },
          { product: pad, quantity: 2 },
        ],
        [line('p1', 2, 2), line('p3', 2, 7)],
      ),
    ).toBe('Only 2 of Halo left in stock, so your cart has 2. Harvest Valley is no longer available and was removed.');
  });

  it('names a line cut to 3 per product (a stored cart holding more)', () => {
    expect(mergeNotice([{ product: halo, quantity: 5 }], [line('p1', 3, 9)])).toBe(
      'Max 3 per product: your cart has 3 of Halo.',
    );
  });

  it("says the account's own cart was kept when the answer is not what the guest's lines make", () => {
    expect(
      mergeNotice(
        [
          { product: halo, quantity: 1 },
          { product: pad, quantity: 2 },
        ],
        [line('p9', 1, 4), line('p3', 2, 9)],
      ),
    ).toBe('Your account already had a cart, so it was kept and these were not added: Halo.');
    // the same products, but fewer than the stock allowed: not the merge's doing either
    expect(mergeNotice([{ product: halo, quantity: 3 }], [line('p1', 1, 8)])).toBe(
      'Your account already had a cart, so it was kept and these were not added: Halo.',
    );
  });
});

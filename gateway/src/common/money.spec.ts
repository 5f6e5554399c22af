import { discountedCents, toCents, toDollars } from './money';

describe('money', () => {
  it('converts dollars to cents without floating point drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(0)).toBe(0);
  });

  it('converts cents to dollars', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(500)).toBe(5);
  });

  it('applies a percentage discount rounded to the cent', () => {
    expect(discountedCents(5999, 0)).toBe(5999);
    expect(discountedCents(5999, 25)).toBe(4499);
    expect(discountedCents(1000, 100)).toBe(0);
    expect(discountedCents(999, 33)).toBe(669);
  });
});

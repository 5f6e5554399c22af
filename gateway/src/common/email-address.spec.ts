import { canonicalEmail, isEmailAddress } from './email-address';

describe('canonicalEmail', () => {
  it.each([
    [' Player@Example.COM ', 'player@example.com'],
    ['yuki@xn--r8jz45g.jp', 'yuki@例え.jp'],
    ['Yuki@XN--R8JZ45G.JP', 'yuki@例え.jp'],
    ['yuki@例え.JP', 'yuki@例え.jp'],
    ['"a@b"@example.com', '"a@b"@example.com'],
    // a domain IDNA refuses is kept as typed (lower case)
    ['x@xn--zz.com', 'x@xn--zz.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%j is kept as %j', (typed, stored) => {
    expect(canonicalEmail(typed)).toBe(stored);
  });

  it('gives an address isEmail took as one isEmail takes', () => {
    for (const typed of ['yuki@xn--r8jz45g.jp', 'user@例え.jp', 'MiXeD@Example.org']) {
      expect(isEmailAddress(typed)).toBe(true);
      expect(isEmailAddress(canonicalEmail(typed))).toBe(true);
    }
  });
});

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

describe('isEmailAddress', () => {
  it.each([
    ['z\u200b3@example.com', 'a zero-width space'],
    ['z3@exa\u200bmple.com', 'a zero-width space in the domain'],
    ['\uff41@example.com', 'a full-width a'],
    ['z\u00ad3@example.com', 'a soft hyphen'],
  ])('refuses %j (%s): it would pass for another address', (typed) => {
    expect(isEmailAddress(typed)).toBe(false);
  });

  it.each(['z3@example.com', 'jos\u00e9@example.com', '\u7528\u6237@\u4f8b\u3048.jp'])('takes %j', (typed) =>
    expect(isEmailAddress(typed)).toBe(true),
  );
});

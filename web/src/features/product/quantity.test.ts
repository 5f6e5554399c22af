import { parseQuantity } from './quantity';

describe('parseQuantity', () => {
  it.each([
    ['2', 2],
    ['abc', 1],
    ['', 1],
    ['2.7', 2],
    ['0', 1],
    ['-4', 1],
    ['9', 3],
  ])('%j becomes %d', (text, expected) => {
    expect(parseQuantity(text)).toBe(expected);
  });
});

import {
  Count,
  isWholeCents,
  OptionalText,
  PageNumber,
  PageSize,
  parseInput,
  Price,
  RequiredText,
  SearchText,
} from './validation';

class Form {
  @RequiredText('Name is required.', 5, 'Name must be at most 5 characters.')
  name: string;

  @OptionalText(3, 'Code must be at most 3 characters.', { notText: 'Code must be text.', blank: 'Code is blank.' })
  code?: string;

  @Price('Price is required.', 100, 'Price must be at most 100.', { optional: true })
  price?: number;

  @Count('Amount required.', 1000, 'Amount must be at most 1,000.', { optional: true })
  amount?: number;

  @PageNumber()
  page = 1;

  @PageSize(50)
  pageSize = 10;

  @SearchText(10)
  search?: string;
}

/** The message parseInput answers for a form with `name: 'ok'` and these changes. */
async function problem(changes: Record<string, unknown>) {
  try {
    await parseInput(Form, { name: 'ok', ...changes });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('composite validation rules', () => {
  it('accept a valid form', async () => {
    expect(await problem({ code: 'ab', price: 9.5, amount: 0, page: 2, pageSize: 50, search: 'x' })).toBeNull();
  });

  it('RequiredText: missing, not text and blank say required; too long says so', async () => {
    expect(await problem({ name: undefined })).toBe('Name is required.');
    expect(await problem({ name: 42 })).toBe('Name is required.');
    expect(await problem({ name: '   ' })).toBe('Name is required.');
    // Invisible characters alone: zero-width space and joiner, word joiner, BOM, soft hyphen, Hangul filler, blank Braille.
    expect(await problem({ name: '\u200b\u200d' })).toBe('Name is required.');
    expect(await problem({ name: '\u2060\ufeff\u00ad' })).toBe('Name is required.');
    expect(await problem({ name: ' \u3164\u2800' })).toBe('Name is required.');
    for (const name of ['é', '7', '-', '€', '🎮', 'ان']) expect([name, await problem({ name })]).toEqual([name, null]);
    expect(await problem({ name: 'abcdef' })).toBe('Name must be at most 5 characters.');
  });

  it('OptionalText: absent is fine; wrong type, blank and too long each have their words', async () => {
    expect(await problem({ code: null })).toBeNull();
    expect(await problem({ code: 7 })).toBe('Code must be text.');
    expect(await problem({ code: ' ' })).toBe('Code is blank.');
    expect(await problem({ code: '\u200b' })).toBe('Code is blank.');
    expect(await problem({ code: 'abcd' })).toBe('Code must be at most 3 characters.');
  });

  it('Price and Count: a bad value is answered with the field message, an excess with its own', async () => {
    expect(await problem({ price: -1 })).toBe('Price is required.');
    expect(await problem({ price: 'cheap' })).toBe('Price is required.');
    expect(await problem({ price: Number.NaN })).toBe('Price is required.');
    expect(await problem({ price: 101 })).toBe('Price must be at most 100.');
    expect(await problem({ amount: 1.5 })).toBe('Amount required.');
    expect(await problem({ amount: -2 })).toBe('Amount required.');
    expect(await problem({ amount: 1001 })).toBe('Amount must be at most 1,000.');
    expect(await problem({ amount: 2 ** 31 })).toBe('Amount must be at most 1,000.');
  });

  it('isWholeCents: float noise of whole cents passes at any price; any fraction of a cent, however small, does not', () => {
    for (const dollars of [0, 0.1 + 0.2, 19.99, 1.1 * 3, 99_999.99, 100_000, 4.35 * 100, 0.07])
      expect([dollars, isWholeCents(dollars)]).toEqual([dollars, true]);
    for (const dollars of [0.001, 2.505, 1e-9, 1e-15, 5e-324, -1e-9, 99_999.999, 19.991])
      expect([dollars, isWholeCents(dollars)]).toEqual([dollars, false]);
  });

  it('parseInput ignores a __proto__ key instead of letting it replace the rules', async () => {
    const raw = JSON.parse('{"__proto__": {"name": "   ", "price": -5}}') as object;
    expect(Object.keys(raw)).toEqual(['__proto__']);
    await expect(parseInput(Form, raw)).rejects.toThrow('Name is required.');
  });

  it('parseInput ignores keys the input inherits (constructor, toString), which would hide its class and rules', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(await problem({ [key]: 1 })).toBeNull();
      expect(await problem({ [key]: {}, name: ' ' })).toBe('Name is required.');
      const input = await parseInput(Form, { [key]: 'x', name: 'ok', code: 'ab' });
      expect(input).toBeInstanceOf(Form);
      expect(input).toMatchObject({ name: 'ok', code: 'ab' });
    }
  });

  it('paging and search', async () => {
    expect(await problem({ page: 0 })).toBe('Page must be 1 or more.');
    expect(await problem({ page: 1.5 })).toBe('Page must be a whole number.');
    expect(await problem({ page: 1e9 })).toBe('Page must be at most 1000000.');
    expect(await problem({ pageSize: 51 })).toBe('Page size must be between 1 and 50.');
    expect(await problem({ pageSize: 0 })).toBe('Page size must be between 1 and 50.');
    expect(await problem({ search: 'x'.repeat(11) })).toBe('Search text must be at most 10 characters.');
    expect(await problem({ search: ['x'] })).toBe('Search text must be text.');
  });
});

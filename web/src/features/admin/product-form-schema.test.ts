import { NEW_PRODUCT, productFormSchema, type ProductFormValues } from './product-form-schema';

const image = { kind: 'kept' as const, id: '1', src: '/a.webp' };
const valid: ProductFormValues = { ...NEW_PRODUCT, name: 'Halo', description: 'Shooter', images: [image] };

async function errorsOf(values: Partial<ProductFormValues>): Promise<string[]> {
  try {
    await productFormSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
}

describe('product form rules (spec §5)', () => {
  it('accepts a complete product with the defaults', async () => {
    expect(await errorsOf({})).toEqual([]);
  });

  it('gives the spec messages for missing fields and images', async () => {
    expect(await errorsOf({ name: ' ', description: '', price: '', amount: '', images: [] })).toEqual(
      expect.arrayContaining([
        'Name is required.',
        'Description is required.',
        'Price is required.',
        'Amount required.',
        'Please upload at least one image.',
      ]),
    );
  });

  it('keeps discount 0..100, rating 0..5 in half steps and at most 5 images', async () => {
    expect(await errorsOf({ discount: 101 })).toEqual(['Discount must be between 0 and 100.']);
    // the API takes whole percents: 12.5 must not reach it as a raw type error
    expect(await errorsOf({ discount: 12.5 })).toEqual(['Discount must be a whole number.']);
    expect(await errorsOf({ rating: 4.5 })).toEqual([]);
    expect(await errorsOf({ rating: 4.3 })).toEqual(['Rating must be between 0 and 5, in steps of 0.5.']);
    expect(await errorsOf({ images: Array(6).fill(image) })).toEqual(['At most 5 images.']);
  });

  it('takes a price in whole cents, as the API does: a fraction of one would be rounded away (0.001 to free)', async () => {
    expect(await errorsOf({ price: '19.99' })).toEqual([]);
    expect(await errorsOf({ price: 0.1 * 3 })).toEqual([]);
    expect(await errorsOf({ price: '0.001' })).toEqual(['Price must be in whole cents.']);
    expect(await errorsOf({ price: '19.999' })).toEqual(['Price must be in whole cents.']);
    expect(await errorsOf({ price: '0.000000001' })).toEqual(['Price must be in whole cents.']); // not a price of 0
    expect(await errorsOf({ price: '99999.99' })).toEqual([]);
  });

  it("refuses what the API would, in the API's words: lengths counted as it counts them, prices and stock capped", async () => {
    expect(await errorsOf({ name: 'x'.repeat(121) })).toEqual(['Name must be at most 120 characters.']);
    expect(await errorsOf({ name: '🎮'.repeat(120) })).toEqual([]); // 240 UTF-16 units, 120 characters
    expect(await errorsOf({ name: `  ${'x'.repeat(120)}  ` })).toEqual([]); // sent trimmed
    expect(await errorsOf({ description: 'x'.repeat(5001) })).toEqual(['Description must be at most 5000 characters.']);
    expect(await errorsOf({ brand: 'x'.repeat(81) })).toEqual(['Brand must be at most 80 characters.']);
    expect(await errorsOf({ price: 100000.01 })).toEqual(['Price must be at most $100,000.']);
    expect(await errorsOf({ price: 100000 })).toEqual([]);
    expect(await errorsOf({ amount: 1_000_001 })).toEqual(['Amount must be at most 1,000,000.']);
  });
});

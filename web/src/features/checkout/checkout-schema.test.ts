import { checkoutSchema, PAYMENT_REQUIRED, type CheckoutValues } from './checkout-schema';

const filled: CheckoutValues = {
  fullName: 'Pat Player',
  email: 'pat@example.com',
  phone: '555',
  address: '1 Main St',
  city: 'Springfield',
  zip: '12345',
  notes: '',
  paymentMethod: 'cash',
};

const errorsOf = async (values: CheckoutValues) => {
  try {
    await checkoutSchema.validate(values, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('checkout rules (spec §5)', () => {
  it('accepts the six fields and cash, notes optional', async () => {
    expect(await errorsOf(filled)).toEqual([]);
  });

  it('asks for every empty or blank field by name and for a payment method', async () => {
    const blank = {
      ...filled,
      fullName: ' ',
      email: '',
      phone: '',
      address: '',
      city: '',
      zip: '',
      paymentMethod: '' as const,
    };
    expect(await errorsOf(blank)).toEqual([
      'Please enter your full name',
      'Please enter your email',
      'Please enter your phone',
      'Please enter your address',
      'Please enter your city',
      'Please enter your zip',
      PAYMENT_REQUIRED,
    ]);
  });

  it('checks the e-mail format and the lengths the server takes, with plain words', async () => {
    expect(await errorsOf({ ...filled, email: 'pat@home' })).toEqual(['Invalid email format.']);
    expect(await errorsOf({ ...filled, zip: '1'.repeat(21), fullName: 'P'.repeat(121) })).toEqual([
      'Full name must be at most 120 characters.',
      'ZIP must be at most 20 characters.',
    ]);
  });

  it('checks the e-mail as the server does (validator.js isEmail), so it is refused on blur, not after Place Order', async () => {
    for (const email of ['a@b.c', 'john..doe@example.com']) {
      expect({ email, errors: await errorsOf({ ...filled, email }) }).toEqual({
        email,
        errors: ['Invalid email format.'],
      });
    }
    for (const email of ['user@例え.jp', '"quoted"@example.com']) {
      expect({ email, errors: await errorsOf({ ...filled, email }) }).toEqual({ email, errors: [] });
    }
  });

  it('refuses PayPal', async () => {
    expect(await errorsOf({ ...filled, paymentMethod: 'paypal' })).toEqual([PAYMENT_REQUIRED]);
  });
});

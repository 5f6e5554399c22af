import * as yup from 'yup';

export type PaymentChoice = '' | 'card' | 'paypal' | 'cash';

export type CheckoutValues = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
  notes: string;
  paymentMethod: PaymentChoice;
};

/** How each required field is named in 'Please enter your {field}' (spec §5). */
export const FIELD_NAMES = {
  fullName: 'full name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  zip: 'zip',
} as const;

const required = (field: keyof typeof FIELD_NAMES) =>
  yup.string().trim().required(`Please enter your ${FIELD_NAMES[field]}`);

export const PAYMENT_REQUIRED = 'Please select a payment method.';

/** Spec §5 checkout: six non-empty fields, notes optional, a payment method that is not PayPal. */
export const checkoutSchema = yup.object({
  fullName: required('fullName'),
  email: required('email'),
  phone: required('phone'),
  address: required('address'),
  city: required('city'),
  zip: required('zip'),
  notes: yup.string(),
  paymentMethod: yup.string().oneOf(['card', 'cash'], PAYMENT_REQUIRED).required(PAYMENT_REQUIRED),
});

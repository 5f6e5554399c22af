import * as yup from 'yup';
import { isEmailAddress } from '../../lib/email-address';

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

/** The longest each field may be, as the server takes them; the inputs stop there. */
export const MAX_LENGTH = { fullName: 120, email: 254, phone: 40, address: 200, city: 100, zip: 20, notes: 2000 };

const LABELS = {
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zip: 'ZIP',
  notes: 'Notes',
};
const tooLong = (field: keyof typeof MAX_LENGTH) => `${LABELS[field]} must be at most ${MAX_LENGTH[field]} characters.`;

const required = (field: keyof typeof FIELD_NAMES) =>
  yup.string().trim().required(`Please enter your ${FIELD_NAMES[field]}`).max(MAX_LENGTH[field], tooLong(field));

export const PAYMENT_REQUIRED = 'Please select a payment method.';

/** Spec §5 checkout: six non-empty fields, notes optional, a payment method that is not PayPal. */
export const checkoutSchema = yup.object({
  fullName: required('fullName'),
  // The server checks the format too, by the same rule: here the customer sees it under the field instead of after
  // Place Order.
  email: required('email').test('email', 'Invalid email format.', (value) => !value || isEmailAddress(value)),
  phone: required('phone'),
  address: required('address'),
  city: required('city'),
  zip: required('zip'),
  notes: yup.string().max(MAX_LENGTH.notes, tooLong('notes')),
  paymentMethod: yup.string().oneOf(['card', 'cash'], PAYMENT_REQUIRED).required(PAYMENT_REQUIRED),
});

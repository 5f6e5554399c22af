import * as yup from 'yup';
import { isEmailAddress } from '../../lib/email-address';

/** Spec §5, messages exactly as written there. */
export const email = yup
  .string()
  .trim()
  .required('Email is required.')
  // The server's rule, not yup's own: an address an account has can always be typed in here.
  .test('email', 'Invalid email format.', (value) => !value || isEmailAddress(value));
export const password = yup
  .string()
  .required('Password is required.')
  // Spaces alone are no password: the server refuses them with the same message.
  .test('not-blank', 'Password is required.', (value) => !value || value.trim() !== '')
  .min(6, 'Password must be at least 6 characters.');
export const username = yup.string().trim().required('Username is required.');

export const loginSchema = yup.object({ email, password });
export const signupSchema = yup.object({ username, email, password });

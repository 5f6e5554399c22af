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
/** The server's limit, said at the field on blur rather than after a submit as a message of the whole form. */
const MAX_USERNAME_LENGTH = 60;
export const username = yup
  .string()
  .trim()
  .required('Username is required.')
  .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters.`);

export const loginSchema = yup.object({ email, password });
export const signupSchema = yup.object({ username, email, password });

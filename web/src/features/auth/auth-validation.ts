import * as yup from 'yup';

/** Spec §5, messages exactly as written there. */
export const email = yup
  .string()
  .trim()
  .required('Email is required.')
  .email('Invalid email format.')
  // yup takes `a@b`; the server wants a domain with a dot, as mail to a real venue customer needs.
  .matches(/@[^@\s]+\.[^@\s.]+$/, { message: 'Invalid email format.', excludeEmptyString: true });
export const password = yup
  .string()
  .required('Password is required.')
  // Spaces alone are no password: the server refuses them with the same message.
  .test('not-blank', 'Password is required.', (value) => !value || value.trim() !== '')
  .min(6, 'Password must be at least 6 characters.');
export const username = yup.string().trim().required('Username is required.');

export const loginSchema = yup.object({ email, password });
export const signupSchema = yup.object({ username, email, password });

// Only the one function, not the whole of validator.js: the forms that use it are lazily loaded chunks.
import isEmail from 'validator/es/lib/isEmail';

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Whether the gateway takes `value` (already trimmed) as an e-mail address: its rule exactly (validator.js isEmail with
 * its default options, at most 254 characters), so a form refuses on blur what the server would refuse on submit, and
 * takes every address an account can have. isEmail throws on a lone UTF-16 surrogate, which is no address either.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && !LONE_SURROGATE.test(value) && isEmail(value);
}

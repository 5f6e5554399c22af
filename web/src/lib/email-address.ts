// Only the one function, not the whole of validator.js: the forms that use it are lazily loaded chunks.
import isEmail from 'validator/es/lib/isEmail';

const LONE_SURROGATE = /\p{Surrogate}/u;

/** An invisible character, or before the @ a compatibility form Unicode folds into another (a full-width ａ is a). */
function passesForAnother(value: string): boolean {
  const local = value.slice(0, value.lastIndexOf('@'));
  return /[\p{Cc}\p{Cf}]/u.test(value) || local.normalize('NFKC') !== local;
}

/**
 * Whether the gateway takes `value` (already trimmed) as an e-mail address: its rule exactly (validator.js isEmail with
 * its default options, at most 254 characters, nothing by which it passes for another address), so a form refuses on
 * blur what the server would refuse on submit, and takes every address an account can have. isEmail throws on a lone
 * UTF-16 surrogate, which is no address either.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && !LONE_SURROGATE.test(value) && !passesForAnother(value) && isEmail(value);
}

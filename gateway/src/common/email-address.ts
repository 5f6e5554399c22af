import { isEmail } from 'class-validator';

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Whether `value` (already trimmed) is an e-mail address: an account's and an order's alike, by one rule (validator.js
 * isEmail with its default options, at most 254 characters). The web forms check the same (web/src/lib/email-address.ts).
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is no address, and isEmail throws on it (encodeURI).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && !LONE_SURROGATE.test(value) && isEmail(value);
}

import { domainToUnicode } from 'node:url';
import { isEmail } from 'class-validator';
import { unstorableText } from './text';

/**
 * Whether `value` (already trimmed) is an e-mail address: an account's and an order's alike, by one rule (validator.js
 * isEmail with its default options, at most 254 characters). The web forms check the same (web/src/lib/email-address.ts).
 * Text that cannot be stored (a NUL, a lone UTF-16 surrogate, on which isEmail throws) is no address.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && unstorableText(value) === null && isEmail(value);
}

/**
 * The form an account's address is stored, looked up and rate-limited in: trimmed, in lower case, its domain in
 * Unicode by the URL standard's IDNA rules (Node's domainToUnicode). A browser's e-mail field sends user@例え.jp as
 * user@xn--r8jz45g.jp, and a REST client may send either: both are one address. A domain those rules refuse stays as
 * it was typed.
 */
export function canonicalEmail(value: string): string {
  const address = value.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = domainToUnicode(address.slice(at + 1));
  return domain ? `${address.slice(0, at)}@${domain}` : address;
}

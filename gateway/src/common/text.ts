/** What sent text must not hold, whichever way it came (GraphQL, a REST body, a multipart field). */

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
const LONE_SURROGATE_MESSAGE = 'Text must not contain unpaired surrogate characters.';
export const REPLACEMENT_CHARACTER_MESSAGE =
  'Text must not contain \u201c\uFFFD\u201d (U+FFFD): it stands for characters lost to a wrong encoding.';

/** With the u flag a well-formed pair is one code point: this finds only a half of one, which JSON's \ud800 can send. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Why text sent in `value` (a string, or strings anywhere in arrays and objects) cannot be stored as it is, or null.
 * PostgreSQL text cannot hold NUL: a NUL reaching a query was a 500. A lone UTF-16 surrogate has no UTF-8 form: it was
 * stored as U+FFFD while the answer echoed what was sent. U+FFFD itself is what a decoder leaves of bytes that were not
 * UTF-8 (a multipart field, where the bytes are not seen; a JSON body's are checked, see jsonBody): text holding it
 * has already lost what it said, and would be stored so ("pl\uFFFDayer"). All three are refused up front, one rule
 * whichever way the text came.
 */
export function unstorableText(value: unknown): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return NUL_MESSAGE;
    if (value.includes('\uFFFD')) return REPLACEMENT_CHARACTER_MESSAGE;
    return LONE_SURROGATE.test(value) ? LONE_SURROGATE_MESSAGE : null;
  }
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && !Buffer.isBuffer(value)
      ? Object.values(value)
      : [];
  for (const item of items) {
    const problem = unstorableText(item);
    if (problem) return problem;
  }
  return null;
}

/**
 * A number written in decimal, as a form or a query string sends one: `2`, `-1`, `1.5`, `.5`, `1e2`. Number() alone
 * would also read `0x10` as 16, `0b11` as 3 and '' as 0, which nobody means.
 */
export const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A LIKE/ILIKE pattern finding `text` anywhere, its `%`, `_` and `\` matched as themselves (the default escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { Readable } from 'node:stream';
import type { Request } from 'express';
import { AppError, badInput } from './errors';
import type { IncomingFile } from './images';
import { DECIMAL_NUMBER, unstorableText } from './text';
import { megabytes } from './bytes';

/** A multipart body that cannot be read (no boundary, cut short, a garbled part): REST and /graphql alike. */
export const MALFORMED_MULTIPART = 'Malformed multipart body.';

/** What a multipart body over the route's cap (its files and fields together) is told, unless the route words it. */
const uploadTooLarge = (maxBodyBytes: number) =>
  `Upload is too large (${megabytes(maxBodyBytes)} MB at most, all files together).`;

export type FormInput = { fields: Record<string, unknown>; files: Record<string, IncomingFile[]> };

/**
 * The body of a REST write: multipart (text fields and repeated files, parsed with the
 * platform's own FormData) or JSON (already parsed by express.json). The whole body is
 * capped at `maxBodyBytes` while it streams in.
 */
export async function readForm(
  req: Request,
  maxBodyBytes: number,
  tooLarge = uploadTooLarge(maxBodyBytes),
): Promise<FormInput> {
  const refused = () => new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    return { fields: body, files: {} };
  }
  // Declared too large: refused before a byte is read, so the request stays whole and its body can be read off and
  // dropped before the answer (rest.ts), as for any refusal; cut off while it streams in, the request is destroyed.
  if (Number(req.headers['content-length']) > maxBodyBytes) throw refused();
  let received = 0;
  const limited = (Readable.toWeb(req) as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBodyBytes) controller.error(refused());
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request('http://upload.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: limited,
      duplex: 'half',
    } as RequestInit).formData();
  } catch (error) {
    if (received > maxBodyBytes) throw refused();
    if (error instanceof AppError) throw error;
    throw badInput(MALFORMED_MULTIPART);
  }
  // No prototype: a field named __proto__ is just a field.
  const fields: Record<string, unknown> = Object.create(null);
  const files: Record<string, IncomingFile[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      const previous = fields[name];
      fields[name] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    } else (files[name] ??= []).push({ filename: value.name, data: Buffer.from(await value.arrayBuffer()) });
  }
  // The JSON bodies' check (refuseUnstorableText) runs before multipart is parsed: the same rule, here. FormData reads
  // a field's bytes that are not UTF-8 as U+FFFD, which the rule refuses.
  const problem = unstorableText(fields);
  if (problem) throw badInput(problem);
  return { fields, files };
}

/** Multipart fields are text: numbers, booleans and JSON objects arrive as strings. */
/**
 * A number sent as text. An empty optional field is left out; an empty required one (`required`) stays '' so that
 * validation answers its "required" message instead of keeping the old value without a word.
 */
export function numberField(value: unknown, { required = false } = {}): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return required ? '' : undefined;
  // Decimal only. An exponent is decimal too, and a number input may send one (its value "1e2" is valid HTML).
  if (!DECIMAL_NUMBER.test(text)) return value;
  const number = Number(text);
  // 1e-400 is read as 0 and 1e400 as Infinity: neither is what was typed, so both are left for validation to refuse.
  const underflow = number === 0 && /[1-9]/.test(text.split(/e/i)[0]);
  return Number.isFinite(number) && !underflow ? number : value;
}

/**
 * One of an enum's values written in any case ("accessory", "PS5", "vr"), as that value; an empty text is left out
 * (undefined), and anything else is kept for validation to refuse in its own words.
 */
export function enumField<T extends string>(value: unknown, values: readonly T[]): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (word === '') return undefined;
  return values.find((v) => v.toLowerCase() === word) ?? value;
}

export function booleanField(value: unknown): unknown {
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
}

/**
 * A field that clients send as JSON text (removedImages) or as a plain string, or repeat. Text that starts as JSON
 * (`[` or `{`) but does not parse is refused with `malformed`: read as one plain string, it would match nothing and the
 * rest of the request would go through as if nothing had been asked.
 */
export function jsonListField(value: unknown, malformed: string): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  // Repeated multipart fields: each is read as one field would be (text or JSON, an item or a list).
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === 'string' ? jsonListField(item, malformed) : [item]));
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      if (/^\s*[[{]/.test(value)) throw badInput(malformed);
      return [value];
    }
  }
  return [value];
}

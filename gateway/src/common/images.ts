import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { GraphQLScalarType } from 'graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { AppError, badInput } from './errors';
import { MALFORMED_MULTIPART } from './multipart';
import { megabytes } from './bytes';
import type { Storage } from './storage';

export const MAX_IMAGES_PER_PRODUCT = 5;
export const NOT_AN_IMAGE = 'Files must be images (JPEG, PNG, WebP or AVIF).';
/** Decoding is work in proportion to pixels: a small file can declare a huge picture (a decompression bomb). */
const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = 'Each image must be at most 40 megapixels (for example 8000 × 5000).';
export const UPLOAD_MESSAGES = {
  missing: 'An uploaded file is missing from the request.',
  cutOff: 'The upload was cut off before it ended. Please try again.',
} as const;
export const tooLargeMessage = (maxBytes: number) => `Each image must be at most ${megabytes(maxBytes)} MB.`;

/**
 * The picture of a product that is no longer sold, for carts and orders that still show it (REST-COMPAT: a product
 * that has ever been shown always has an image). A plain crossed-out box, no words to crop in a square thumbnail.
 */
export const NO_LONGER_SOLD_IMAGE_PATH = '/images/no-longer-sold.svg';
export const NO_LONGER_SOLD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 48 48">
<rect width="48" height="48" fill="#e2e8f0"/>
<g fill="none" stroke="#64748b" stroke-width="2" stroke-linejoin="round">
<path d="M12 18l12-6 12 6v12l-12 6-12-6z"/><path d="M12 18l12 6 12-6M24 24v12"/><path d="M8 40L40 8"/>
</g></svg>`;

/** A file as it arrived, before we trust it. */
export type IncomingFile = { filename: string; data: Buffer };

/** The two WebP variants we keep: small for cards and grids, large for detail views. */
export type ImageVariants = { small: Buffer; large: Buffer; width: number; height: number };
export type StoredImage = { smallKey: string; largeKey: string; width: number; height: number };

const SMALL_WIDTH = 480;
const LARGE_WIDTH = 1280;
/** WebP's largest side: a tall picture (1 × 30000) narrower than the widths above is brought down to it too. */
const WEBP_MAX_SIDE = 16_383;

/** At most `width` wide and as tall as WebP goes, never enlarged, the proportions kept. */
const fitWithin = (width: number): sharp.ResizeOptions => ({
  width,
  height: WEBP_MAX_SIDE,
  fit: 'inside',
  withoutEnlargement: true,
});

/** The argument (or REST field) an image came in, named by the errors about it: a product's `images`, a bar item's `image`. */
export type ImageField = 'images' | 'image';

/**
 * Checks an upload by its content (libvips reads the magic bytes, whatever the name or
 * declared type says), then renders the variants. SVG and anything not a raster photo
 * format are refused.
 */
export async function toImageVariants(
  file: IncomingFile,
  maxBytes: number,
  field: ImageField = 'images',
): Promise<ImageVariants> {
  if (file.data.length > maxBytes) throw badInput(tooLargeMessage(maxBytes), field);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(file.data).metadata();
  } catch {
    throw badInput(NOT_AN_IMAGE, field);
  }
  const { format, compression, width = 0, height = 0 } = metadata;
  const allowed =
    format === 'jpeg' || format === 'png' || format === 'webp' || (format === 'heif' && compression === 'av1');
  if (!allowed) throw badInput(NOT_AN_IMAGE, field);
  // Read from the header, before any decoding.
  if (width * height > MAX_IMAGE_PIXELS) throw badInput(TOO_MANY_PIXELS, field);
  try {
    return await renderVariants(sharp(file.data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate());
  } catch {
    throw badInput(NOT_AN_IMAGE, field);
  }
}

/**
 * The variants of a picture sharp reads (checked already, or made by us). `effort` is WebP's, 0 to 6: less is faster
 * and a few per cent larger, for pictures made on every fresh start.
 */
export async function renderVariants(picture: sharp.Sharp, { effort = 4 } = {}): Promise<ImageVariants> {
  const [small, large] = await Promise.all([
    picture.clone().resize(fitWithin(SMALL_WIDTH)).webp({ quality: 78, effort }).toBuffer(),
    picture.clone().resize(fitWithin(LARGE_WIDTH)).webp({ quality: 82, effort }).toBuffer({ resolveWithObject: true }),
  ]);
  return { small, large: large.data, width: large.info.width, height: large.info.height };
}

/** Writes the variants under `prefix/`; the caller records the keys. */
export async function storeImageVariants(storage: Storage, prefix: string, image: ImageVariants): Promise<StoredImage> {
  const id = randomUUID();
  const smallKey = `${prefix}/${id}-sm.webp`;
  const largeKey = `${prefix}/${id}-lg.webp`;
  await Promise.all([
    storage.put(smallKey, image.small, 'image/webp'),
    storage.put(largeKey, image.large, 'image/webp'),
  ]);
  return { smallKey, largeKey, width: image.width, height: image.height };
}

/** An uploaded file as a resolver receives it: its promise, in a box (see `Upload`). */
export type UploadArg = { readonly file: Promise<FileUpload> };

/**
 * graphql-upload's `Upload` scalar (the same name and description in the schema), with each file's promise in a box.
 * type-graphql awaits an argument that is itself a promise before the resolver runs: a file the request does not carry,
 * or a garbled part, would fail there as an internal error, out of readUpload's reach.
 */
export const Upload = new GraphQLScalarType<UploadArg, never>({
  ...GraphQLUpload.toConfig(),
  parseValue: (value) => ({ file: GraphQLUpload.parseValue(value) as Promise<FileUpload> }),
  parseLiteral: (node, variables) => ({ file: GraphQLUpload.parseLiteral(node, variables) }), // throws: files are variables
});

/**
 * Why graphql-upload-ts rejected a file variable: the request does not carry its part, the request ended before the
 * part began, or busboy could not read the body (a garbled part header).
 */
function whyNoFile(error: unknown): string {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  if (status === 400 && message === 'File missing in the request.') return UPLOAD_MESSAGES.missing;
  if (status === 499 || message === 'Unexpected end of form') return UPLOAD_MESSAGES.cutOff;
  return MALFORMED_MULTIPART;
}

/** Reads a GraphQL upload into memory, refusing it as soon as it passes the size limit. */
export async function readUpload(
  upload: UploadArg,
  maxBytes: number,
  field: ImageField = 'images',
): Promise<IncomingFile> {
  let file: FileUpload;
  try {
    file = await upload.file;
  } catch (error) {
    throw badInput(whyNoFile(error), field);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.createReadStream()) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw badInput(tooLargeMessage(maxBytes), field);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // graphql-upload-ts ends a stream past its own size limit with a 413; any other end is a request cut off.
    if ((error as { status?: number }).status === 413) throw badInput(tooLargeMessage(maxBytes), field);
    throw badInput(UPLOAD_MESSAGES.cutOff, field);
  }
  return { filename: file.filename, data: Buffer.concat(chunks) };
}

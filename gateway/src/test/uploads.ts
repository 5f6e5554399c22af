import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of the given size and colour. */
export function pngBytes(width = 64, height = 48, background = '#3355ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A PNG whose header declares `width` × `height` pixels around a 1-pixel body: what a decompression bomb looks like
 * to a check that reads only the header. (The IHDR chunk's size fields and checksum are rewritten.)
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngBytes(1, 1));
  // signature (8) + IHDR length (4) + 'IHDR' (4), then width and height, then 5 more bytes of IHDR and its CRC
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
);

export type TestFile = { name: string; data: Buffer; type?: string };

export function fileBlob(file: TestFile): Blob {
  return new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' });
}

/**
 * A GraphQL multipart request (graphql-multipart-request-spec): `files` maps a variable
 * path such as "images.0" or "image" to a file.
 */
export async function gqlUpload<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, TestFile>,
  token?: string,
) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  const paths = Object.keys(files);
  form.append('map', JSON.stringify(Object.fromEntries(paths.map((path, i) => [String(i), [`variables.${path}`]]))));
  paths.forEach((path, i) => form.append(String(i), fileBlob(files[path]), files[path].name));
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body = (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
  return { status: response.status, ...body };
}

/** A REST multipart form: text fields and repeated files. */
export function restForm(fields: Record<string, string>, files: { field: string; file: TestFile }[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, file } of files) form.append(field, fileBlob(file), file.name);
  return form;
}

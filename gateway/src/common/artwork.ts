import { Readable } from 'node:stream';
import sharp from 'sharp';
import { escapeHtml } from './html';
import { renderVariants, storeImageVariants, type ImageVariants, type StoredImage } from './images';
import type { Storage } from './storage';

/**
 * Demo artwork made at seed time (no downloads): a gradient card with a glyph and a title, stored as an upload's picture
 * is.
 */
export type Icon = 'pad' | 'headset' | 'console' | 'star' | 'cup' | 'snack' | 'glass' | 'burger' | 'spark';
export type Artwork = {
  title: string;
  subtitle: string;
  hue: number;
  icon: Icon;
  width?: number;
  height?: number;
  /** A tile is a square thumbnail with the glyph alone: the page prints the name beside it. */
  tile?: boolean;
};

/** Simple line icons in a 200 x 200 box (no emoji font is needed on the server). */
const ICONS: Record<Icon, string> = {
  pad: '<rect x="10" y="55" width="180" height="95" rx="45"/><path d="M55 82v40M35 102h40"/><circle cx="135" cy="90" r="8"/><circle cx="158" cy="112" r="8"/>',
  headset:
    '<path d="M35 120v-20a65 65 0 0 1 130 0v20"/><rect x="25" y="115" width="35" height="60" rx="12"/><rect x="140" y="115" width="35" height="60" rx="12"/>',
  console:
    '<rect x="20" y="60" width="160" height="80" rx="10"/><path d="M40 160h120"/><circle cx="150" cy="100" r="10"/><path d="M45 100h60"/>',
  star: '<path d="M100 20l23 50 55 6-41 37 12 54-49-28-49 28 12-54-41-37 55-6z"/>',
  cup: '<path d="M40 70h100v55a45 45 0 0 1-45 45h-10a45 45 0 0 1-45-45z"/><path d="M140 85h15a20 20 0 0 1 0 40h-15"/><path d="M70 30c-8 12 8 18 0 30M100 30c-8 12 8 18 0 30"/>',
  snack:
    '<path d="M45 80h110l-15 95h-80z"/><circle cx="70" cy="62" r="18"/><circle cx="100" cy="52" r="20"/><circle cx="130" cy="62" r="18"/>',
  glass: '<path d="M40 35h120l-60 75z"/><path d="M100 110v55M65 170h70"/><circle cx="140" cy="40" r="14"/>',
  burger:
    '<path d="M30 95a70 55 0 0 1 140 0z"/><path d="M25 120h150"/><rect x="30" y="135" width="140" height="30" rx="12"/>',
  spark: '<path d="M100 20v160M20 100h160M45 45l110 110M155 45l-110 110"/>',
};

/** Splits a title into at most 3 lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function artworkSvg({ title, subtitle, hue, icon, width = 800, height = 600, tile = false }: Artwork): string {
  const iconSize = height * (tile ? 0.5 : 0.42);
  const [iconX, iconY] = tile ? [width / 2, height / 2] : [width * 0.78, height * 0.28];
  const lines = tile ? [] : wrap(title, 22);
  const titleY = height - 70 - (lines.length - 1) * 48;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 70%, 42%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 60) % 360}, 65%, 18%)"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${iconX}" cy="${iconY}" r="${height * 0.32}" fill="hsl(${(hue + 30) % 360}, 80%, 60%)" opacity="0.25"/>
  <circle cx="${width * 0.12}" cy="${height * 0.9}" r="${height * 0.25}" fill="#ffffff" opacity="0.06"/>
  <g transform="translate(${iconX - iconSize / 2}, ${iconY - iconSize / 2}) scale(${iconSize / 200})" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.92">${ICONS[icon]}</g>
  ${tile ? '' : `<text x="48" y="64" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="bold" fill="#f5c542" letter-spacing="4">${escapeHtml(subtitle.toUpperCase())}</text>`}
  ${lines
    .map(
      (line, i) =>
        `<text x="48" y="${titleY + i * 48}" font-family="DejaVu Sans, sans-serif" font-size="42" font-weight="bold" fill="#ffffff">${escapeHtml(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
}

/**
 * The artwork's image variants, as an upload's are stored. It is drawn once, to raw pixels, which the variants are made
 * from (no PNG to encode and decode again), with a quicker WebP effort: the demo venue makes about 60 on a fresh start.
 */
async function artworkVariants(art: Artwork): Promise<ImageVariants> {
  const { data, info } = await sharp(Buffer.from(artworkSvg(art)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  return renderVariants(sharp(data, { raw: { width, height, channels } }), { effort: 2 });
}

/**
 * Stores the artworks' variants under `prefix/`, in order, making up to four at a time (libuv's thread pool, which sharp
 * works in, has four threads). At most four pictures' pixels are held at once.
 */
export function storeArtworks(storage: Storage, prefix: string, arts: Artwork[]): Promise<StoredImage[]> {
  return Readable.from(arts)
    .map(async (art: Artwork) => storeImageVariants(storage, prefix, await artworkVariants(art)), { concurrency: 4 })
    .toArray();
}

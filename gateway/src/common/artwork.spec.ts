import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { storeArtworks, type Artwork } from './artwork';
import { LocalDiskStorage } from './storage';

describe('storeArtworks', () => {
  it('stores each artwork as WebP variants, answering in the order asked though made several at a time', async () => {
    const root = mkdtempSync(join(tmpdir(), 'artwork-'));
    // Sizes that tell the answers apart: a wide card, a square tile, a narrow card, and more than run at once.
    const sizes = [800, 480, 300, 640, 200, 720].map((width) => ({ width, height: width === 480 ? 480 : 600 }));
    const arts: Artwork[] = sizes.map(({ width, height }, index) => ({
      title: `Card ${index}`,
      subtitle: 'Game',
      icon: 'pad',
      hue: index * 40,
      width,
      height,
      tile: width === 480,
    }));

    const stored = await storeArtworks(new LocalDiskStorage(root), 'products', arts);

    expect(stored.map(({ width, height }) => ({ width, height }))).toEqual(sizes);
    for (const [index, image] of stored.entries()) {
      expect(image.smallKey).toMatch(/^products\/[\w-]+-sm\.webp$/);
      const small = await sharp(readFileSync(join(root, image.smallKey))).metadata();
      const large = await sharp(readFileSync(join(root, image.largeKey))).metadata();
      expect([small.format, large.format]).toEqual(['webp', 'webp']);
      expect(small.width).toBe(Math.min(480, sizes[index].width));
      expect(large.width).toBe(sizes[index].width);
    }
  });
});

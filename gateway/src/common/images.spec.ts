import sharp from 'sharp';
import { toImageVariants } from './images';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3355ff' } })
    .png()
    .toBuffer();

describe('toImageVariants', () => {
  it('keeps the proportions and makes the large copy at most 1280 px wide', async () => {
    const image = await toImageVariants({ filename: 'a.png', data: await png(2000, 1000) }, 5_000_000);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1280, height: 640 });
    expect(await sharp(image.small).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });
  });

  // WebP holds at most 16383 px a side: narrower than 1280 px, a tall picture was not brought down and failed to
  // encode, and a real PNG was told it was not an image.
  it('brings a picture taller than WebP holds down to its limit, rather than calling it not an image', async () => {
    const image = await toImageVariants({ filename: 'tall.png', data: await png(20, 30_000) }, 5_000_000);
    expect(image.height).toBe(16_383);
    expect(image.width).toBe(11);
    expect(await sharp(image.small).metadata()).toMatchObject({ format: 'webp', height: 16_383 });
  });
});

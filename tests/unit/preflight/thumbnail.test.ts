import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checked, saved } from './fixtures';

/* The library's thumbnail of a raster image: a WebP at most 320 px on its long side, in sRGB. */

describe('thumbnails', { timeout: 30_000 }, () => {
  it('makes an sRGB WebP of a CMYK print image, 320 px on its long side', async () => {
    const jpeg = await sharp({ create: { width: 2588, height: 3338, channels: 3, background: '#aa3366' } })
      .toColourspace('cmyk')
      .withDensity(300)
      .jpeg({ quality: 50 })
      .toBuffer();
    const result = await checked(await saved('cover.jpg', jpeg), 'magazine-print-ads');
    expect(result.status).toBe('passed');
    const thumbnail = await sharp(result.thumbnail ?? Buffer.alloc(0)).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 248, height: 320, space: 'srgb' });
  });

  it('does not enlarge a banner smaller than 320 px', async () => {
    const png = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer();
    const result = await checked(await saved('banner.png', png), 'online-display-ads');
    const thumbnail = await sharp(result.thumbnail ?? Buffer.alloc(0)).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 300, height: 250 });
  });

  it('makes none for a PDF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([621, 801]);
    const result = await checked(await saved('ad.pdf', await doc.save()), 'magazine-print-ads');
    expect(result.format).toBe('pdf');
    expect(result.thumbnail).toBeNull();
  });
});

import sharp from 'sharp';

/*
 * Artwork for a magazine page of the seeded titles (8.375 × 10.875 in trim, 0.125 in bleed: an
 * 8.625 × 11.125 in document), made by the tests that send ad files.
 */

/** An RGB PNG at 72 ppi: fails the resolution and colour checks of print. */
export const rgbPng = () =>
  sharp({ create: { width: 621, height: 801, channels: 3, background: '#3366cc' } })
    .withDensity(72)
    .png()
    .toBuffer();

/** A CMYK JPEG at 300 ppi at the document size: what the magazine asks for. */
export const cmykJpeg = () =>
  sharp({ create: { width: 2588, height: 3338, channels: 3, background: '#cc3366' } })
    .toColourspace('cmyk')
    .withDensity(300)
    .jpeg({ quality: 60 })
    .toBuffer();

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdFile, adFile } from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { magazinePdf, rgbPng } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer } from './orderShop';
import { caller } from './shop';
import { uploadWhole } from './tusClient';

/*
 * Issue 33: a failed check says where on the proof it found its problem. A PDF's image too small for
 * print is marked by the frame it is drawn in, as fractions of the page (8.625 × 11.125 in, the
 * magazine's trim with its bleed) from the top left; an image file is wrong as a whole, so unplaced.
 */

describe.each(DRIVERS)('where the checks found a problem, on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({});
  });
  afterAll(async () => {
    await h.close();
  });

  const checked = async (bytes: Uint8Array, filename: string, filetype: string): Promise<AdFile> => {
    const buyer = await customer(call);
    const id = await uploadWhole(h, buyer.token, bytes, { filename, filetype, sheet: 'magazine-print-ads' });
    await h.background.settled();
    const answer = await call<AdFile>('GET', `/files/${id}`, { token: buyer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(adFile).parse(answer.body).data;
  };
  const resolutionOf = (file: AdFile) => file.checks.find((check) => check.name === 'image resolution');

  it('marks the frame of a low-resolution image placed 1 in from the left and 2 in from the top', async () => {
    // 300 × 200 px drawn 3 × 2 in: 100 ppi.
    const file = await checked(
      await magazinePdf({ pixels: [300, 200], frame: [1, 2, 3, 2] }),
      'low.pdf',
      'application/pdf',
    );
    const check = resolutionOf(file);
    expect(check?.result).toBe('failed');
    expect(check?.where).toHaveLength(1);
    const [place] = check?.where ?? [];
    expect(place?.page).toBe(1);
    // 1 / 8.625, 2 / 11.125, 3 / 8.625, 2 / 11.125, within 1 % of the page.
    expect(place?.x).toBeCloseTo(0.1159, 2);
    expect(place?.y).toBeCloseTo(0.1798, 2);
    expect(place?.width).toBeCloseTo(0.3478, 2);
    expect(place?.height).toBeCloseTo(0.1798, 2);
  });

  it('marks every page the image is too small on, and nothing when it is sharp enough', async () => {
    const twice = await checked(
      await magazinePdf({ pixels: [300, 200], frame: [4, 8, 3, 2] }, 2),
      'two.pdf',
      'application/pdf',
    );
    expect(resolutionOf(twice)?.where?.map((place) => place.page)).toEqual([1, 2]);
    expect(resolutionOf(twice)?.where?.[0]?.y).toBeCloseTo(8 / 11.125, 2);
    const sharp = await checked(
      await magazinePdf({ pixels: [900, 600], frame: [1, 2, 3, 2] }),
      'sharp.pdf',
      'application/pdf',
    );
    expect(resolutionOf(sharp)?.result).toBe('passed');
    expect(resolutionOf(sharp)?.where).toBeUndefined();
  });

  it('leaves an image file’s low resolution unplaced: the whole image is the problem', async () => {
    const file = await checked(await rgbPng(), 'cover.png', 'image/png');
    const check = file.checks.find((one) => one.name === 'resolution');
    expect(check?.result).toBe('failed');
    expect(check?.where).toBeUndefined();
  });
});

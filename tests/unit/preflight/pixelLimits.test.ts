import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blackPng } from '../../support/pngBomb';
import { checked, saved } from './fixtures';

/*
 * An image is measured from its header before anything decodes it, and refused undecoded when it has
 * more pixels than its spec could use: the print sheets' largest document at twice its resolution,
 * and never more than the magazine's (34.5 megapixels). Every sharp call the checks make is recorded
 * with its options and the first thing asked of it.
 */

const calls = vi.hoisted(() => [] as { asked: string; options: Record<string, unknown> }[]);

vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const recorded = (...args: Parameters<typeof sharp>) => {
    const instance = real(...args);
    const options = (args.find((arg) => typeof arg === 'object' && !Buffer.isBuffer(arg)) ?? {}) as Record<
      string,
      unknown
    >;
    return new Proxy(instance, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...rest: unknown[]) => {
          calls.push({ asked: String(key), options });
          return value.apply(target, rest);
        };
      },
    });
  };
  return { default: Object.assign(recorded, real) };
});

beforeEach(() => {
  calls.length = 0;
});

const MAGAZINE_CEILING = 5_175 * 6_675;

describe('pixel ceilings', () => {
  it('refuses 16,383 × 16,383 px for a magazine page from its header alone, naming its size', async () => {
    const file = await saved('bomb.png', await blackPng(16_383, 16_383, { whole: false }));
    const result = await checked(file, 'magazine-print-ads');
    expect(result.status).toBe('rejected');
    expect(result.thumbnail).toBeNull();
    expect(result.checks).toEqual([
      {
        name: 'pixel size',
        result: 'failed',
        message:
          '16,383 × 16,383 px is 268 megapixels; the largest this spec takes is 34.5 megapixels: export at most 5,175 × 6,675 px.',
      },
    ]);
    expect(calls.map((call) => call.asked)).toEqual(['metadata']);
  });

  it('decodes an image within its ceiling with that ceiling, streamed', async () => {
    const png = await sharp({ create: { width: 621, height: 801, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    calls.length = 0;
    const result = await checked(await saved('cover.png', png), 'magazine-print-ads');
    expect(result.thumbnail).not.toBeNull();
    const decodes = calls.filter((call) => call.asked !== 'metadata');
    expect(decodes.map((call) => call.asked)).toEqual(['stats', 'resize']);
    for (const { options } of decodes)
      expect(options).toMatchObject({
        limitInputPixels: MAGAZINE_CEILING,
        sequentialRead: true,
        unlimited: false,
      });
  });

  it('holds a postcard to its own document at 600 ppi', async () => {
    // 6.25 × 9 in with 0.125 in bleed is 6.5 × 9.25 in: 3,900 × 5,550 px at 600 ppi.
    const file = await saved('postcard.png', await blackPng(4_000, 6_000, { whole: false }));
    const result = await checked(file, 'every-door-direct-mail');
    expect(result.checks.map((c) => c.message)).toEqual([
      '4,000 × 6,000 px is 24 megapixels; the largest this spec takes is 21.6 megapixels: export at most 3,900 × 5,550 px.',
    ]);
  });

  it('holds a placement with a larger trim of its own to the magazine’s ceiling', async () => {
    // A 24 × 36 in poster would be 14,550 × 21,750 px at 600 ppi; shrunk to 34.5 megapixels.
    const file = await saved('poster.png', await blackPng(9_000, 13_500, { whole: false }));
    const result = await checked(file, 'magazine-print-ads', { width: 24, height: 36 });
    expect(result.checks.map((c) => c.message)).toEqual([
      '9,000 × 13,500 px is 122 megapixels; the largest this spec takes is 34.5 megapixels: export at most 4,807 × 7,185 px.',
    ]);
  });

  it('checks a screen image larger than its sizes as usual, and names the sizes past the ceiling', async () => {
    const png = await sharp({ create: { width: 4_000, height: 3_000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const photo = await checked(await saved('photo.png', png), 'digital-billboards');
    expect(photo.status).toBe('attention');
    expect(photo.checks.find((c) => c.name === 'pixel size')?.message).toBe(
      '4000 × 3000 px; this placement takes 1920 × 1080, 1080 × 1920 or 1400 × 400 px exactly: export at one of those sizes.',
    );
    const bomb = await checked(
      await saved('bomb.png', await blackPng(16_383, 16_383, { whole: false })),
      'digital-billboards',
    );
    expect(bomb.checks.map((c) => c.message)).toEqual([
      '16,383 × 16,383 px is 268 megapixels; the largest image read is 34.5 megapixels, and this placement takes 1920 × 1080, 1080 × 1920 or 1400 × 400 px: export at one of those sizes.',
    ]);
  });
});

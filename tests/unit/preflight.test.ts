import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirementsOf } from '../../contract/specRequirements';
import { type Check, type PreflightResult, preflight } from '../../server/preflight/index';

/*
 * The preflight (issue 16, point 4) on files the tests make: images with sharp, PDFs with pdf-lib,
 * short videos with ffmpeg, e-mails as text. Each failure is made on purpose and its sentence read.
 */

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'adlane-preflight-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

let files = 0;
async function saved(bytes: Uint8Array | string, name = 'file'): Promise<string> {
  files += 1;
  const file = path.join(folder, `${files}-${name}`);
  await writeFile(file, bytes);
  return file;
}

async function check(file: string, sheet: string, trim: { width: number; height: number } | null = null) {
  const { size } = await stat(file);
  return preflight({ path: file, size, deliverables: requirementsOf(sheet), trim, sheetTitle: sheet });
}

const named = (result: PreflightResult, name: string): Check | undefined =>
  result.checks.find((c) => c.name === name);
const failures = (result: PreflightResult) =>
  result.checks.filter((c) => c.result === 'failed').map((c) => c.name);

describe('every check says one sentence', () => {
  it('ends each message with a full stop and starts no second sentence', async () => {
    const png = await saved(
      await sharp({ create: { width: 621, height: 801, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    for (const one of (await check(png, 'magazine-print-ads')).checks) {
      expect(one.message).toMatch(/\.$/);
      expect(one.message.slice(0, -1)).not.toMatch(/[.!?]\s+[A-Z]/);
    }
  });
});

// Encoding a 2,588 × 3,338 px CMYK JPEG takes a second or more; a shared machine may take longer.
describe('images for print', { timeout: 30_000 }, () => {
  it('fails an RGB 72 ppi PNG on format, resolution and colour, with the sizes to export', async () => {
    const png = await saved(
      await sharp({ create: { width: 621, height: 801, channels: 3, background: '#336699' } })
        .withDensity(72)
        .png()
        .toBuffer(),
      'cover.pdf', // The name lies: the bytes decide.
    );
    const result = await check(png, 'magazine-print-ads');
    expect(result.status).toBe('attention');
    expect(result.format).toBe('png');
    expect(named(result, 'resolution')?.message).toBe(
      '72 ppi at 8.625 × 11.125 in; print needs 300 ppi: export at least 2,588 × 3,338 px.',
    );
    expect(named(result, 'colour')?.result).toBe('failed');
    expect(named(result, 'format')?.message).toMatch(
      /^PNG cannot carry CMYK colour for print: export PDF, TIFF or JPEG/,
    );
    expect(named(result, 'proportions')?.result).toBe('passed');
    expect(result.thumbnail?.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('passes a CMYK JPEG at 300 ppi with bleed', async () => {
    const jpeg = await saved(
      await sharp({ create: { width: 2588, height: 3338, channels: 3, background: '#aa3366' } })
        .toColourspace('cmyk')
        .withDensity(300)
        .jpeg({ quality: 50 })
        .toBuffer(),
    );
    const result = await check(jpeg, 'magazine-print-ads');
    expect(failures(result)).toEqual([]);
    expect(result.status).toBe('passed');
    expect(named(result, 'colour')?.message).toBe('CMYK colour.');
  });

  it('says the bleed is missing when the artwork has the trim’s shape, and checks a placement’s own trim', async () => {
    const atTrim = await saved(
      await sharp({ create: { width: 2513, height: 3263, channels: 3, background: '#aa3366' } })
        .toColourspace('cmyk')
        .jpeg()
        .toBuffer(),
    );
    const result = await check(atTrim, 'magazine-print-ads');
    expect(named(result, 'bleed')?.message).toMatch(
      /^The artwork has the shape of the 8.375 × 10.875 in trim with no bleed/,
    );
    // The same pixels for a title whose trim is 9 × 12 in: the wrong shape, said with that size.
    const other = await check(atTrim, 'magazine-print-ads', { width: 9, height: 12 });
    expect(named(other, 'proportions')?.message).toMatch(
      /not the shape of the 9.25 × 12.25 in page with bleed/,
    );
  });

  it('rejects a JPEG cut off after its header', async () => {
    const whole = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#aa3366' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const result = await check(
      await saved(whole.subarray(0, Math.floor(whole.length / 3))),
      'magazine-print-ads',
    );
    expect(result.status).toBe('rejected');
    expect(result.checks[0]?.message).toBe(
      'The JPEG could not be read: export it again and send the new file.',
    );
  });

  it('fails a file over the sheet’s size limit', async () => {
    // Noise does not compress: 1200 × 1200 px of it is about 4 MB as a PNG.
    const png = await saved(
      await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } })
        .png()
        .toBuffer(),
    );
    expect(named(await check(png, 'digital-billboards'), 'file size')?.result).toBe('passed');
    const banner = await check(png, 'online-display-ads');
    expect(named(banner, 'file size')?.message).toMatch(/; the limit is 150 KB: export a smaller file\.$/);
  });
});

describe('images for screens', () => {
  const banner = (width: number, height: number, cmyk = false) => {
    const image = sharp({ create: { width, height, channels: 3, background: '#22aa66' } });
    return (cmyk ? image.toColourspace('cmyk').jpeg() : image.png()).toBuffer();
  };
  it('passes a 300 × 250 sRGB banner and fails 301 × 250 with the sizes taken', async () => {
    expect((await check(await saved(await banner(300, 250)), 'online-display-ads')).status).toBe('passed');
    const off = await check(await saved(await banner(301, 250)), 'online-display-ads');
    expect(off.status).toBe('attention');
    expect(named(off, 'pixel size')?.message).toMatch(
      /^301 × 250 px; this placement takes 300 × 250, 728 × 90/,
    );
  });
  it('fails CMYK on a screen', async () => {
    const result = await check(await saved(await banner(300, 250, true)), 'online-display-ads');
    expect(named(result, 'colour')?.message).toBe('CMYK colour; screens show RGB: export it in sRGB.');
  });
});

describe('PDFs for print', () => {
  const points = (inches: number) => inches * 72;
  async function pdf(options: {
    pages?: number;
    media: [number, number];
    trim?: [number, number, number, number];
    text?: boolean;
    image?: { pixels: [number, number]; drawn: [number, number] };
  }) {
    const doc = await PDFDocument.create();
    const font = options.text ? await doc.embedFont(StandardFonts.Helvetica) : null;
    const png = options.image
      ? await doc.embedPng(
          await sharp({
            create: {
              width: options.image.pixels[0],
              height: options.image.pixels[1],
              channels: 3,
              background: '#888',
            },
          })
            .png()
            .toBuffer(),
        )
      : null;
    for (let i = 0; i < (options.pages ?? 1); i += 1) {
      const page = doc.addPage([points(options.media[0]), points(options.media[1])]);
      if (options.trim) {
        const [x, y, w, h] = options.trim.map(points) as [number, number, number, number];
        page.setTrimBox(x, y, w, h);
      }
      if (font) page.drawText('Open Sundays', { x: 40, y: 40, size: 24, font });
      if (png && options.image)
        page.drawImage(png, {
          x: 0,
          y: 0,
          width: points(options.image.drawn[0]),
          height: points(options.image.drawn[1]),
        });
    }
    return saved(await doc.save(), 'ad.pdf');
  }

  it('passes the magazine trim with a TrimBox and its bleed around it', async () => {
    const file = await pdf({ media: [8.625, 11.125], trim: [0.125, 0.125, 8.375, 10.875] });
    const result = await check(file, 'magazine-print-ads');
    expect(result.status, JSON.stringify(result.checks)).toBe('passed');
    expect(named(result, 'trim')?.message).toBe('8.375 × 10.875 in trim.');
    expect(named(result, 'bleed')?.result).toBe('passed');
  });

  it('fails a wrong trim, a page with no bleed, and a wrong page count', async () => {
    const letter = await check(await pdf({ media: [8.5, 11], trim: [0, 0, 8.5, 11] }), 'magazine-print-ads');
    expect(named(letter, 'trim')?.message).toMatch(
      /^The trim is 8.5 × 11 in; this placement is 8.375 × 10.875 in/,
    );
    const noBleed = await check(await pdf({ media: [8.375, 10.875] }), 'magazine-print-ads');
    expect(named(noBleed, 'bleed')?.message).toMatch(/^No bleed: the page stops at the trim; add 0.125 in/);
    const postcard = await check(
      await pdf({ media: [6.5, 9.25], trim: [0.125, 0.125, 6.25, 9] }),
      'every-door-direct-mail',
    );
    expect(named(postcard, 'pages')?.message).toMatch(
      /^1 page; this placement takes 2 pages \(front, then address side\)/,
    );
    const twoSided = await check(
      await pdf({ pages: 2, media: [6.5, 9.25], trim: [0.125, 0.125, 6.25, 9] }),
      'every-door-direct-mail',
    );
    expect(twoSided.status, JSON.stringify(twoSided.checks)).toBe('passed');
  });

  it('takes a 4 × 6 in postcard with its TrimBox as 4 × 6 in, though its shape is near 6 × 9 in', async () => {
    const result = await check(
      await pdf({ pages: 2, media: [4.25, 6.25], trim: [0.125, 0.125, 4, 6] }),
      'direct-mail-daily-mailers',
    );
    expect(named(result, 'trim')?.message).toBe('4 × 6 in trim.');
    expect(result.status, JSON.stringify(result.checks)).toBe('passed');
  });

  it('rejects a file larger than its real kind may be, before reading it', async () => {
    // Said to be a video (500 MB allowed), the bytes are a PDF (100 MB): a sparse file of 101 MB.
    const file = path.join(folder, 'big.pdf');
    await writeFile(file, '%PDF-1.7\n');
    await truncate(file, 101 * 1024 * 1024);
    const result = await check(file, 'magazine-print-ads');
    expect(result.status).toBe('rejected');
    expect(result.checks[0]?.message).toBe(
      'This is a PDF file of 101 MB; a PDF or TIFF may be at most 100 MB: export a smaller file.',
    );
  });

  it('picks the nearest of several trims (daily mailers) and names it', async () => {
    const result = await check(
      await pdf({ pages: 2, media: [6.25, 11.25], trim: [0.125, 0.125, 6, 11] }),
      'direct-mail-daily-mailers',
    );
    expect(named(result, 'trim')?.message).toBe('6 × 11 in trim.');
  });

  it('names the fonts that are not embedded', async () => {
    const result = await check(
      await pdf({ media: [8.625, 11.125], trim: [0.125, 0.125, 8.375, 10.875], text: true }),
      'magazine-print-ads',
    );
    expect(named(result, 'fonts')?.message).toBe(
      'Fonts not embedded: Helvetica; embed all fonts when you export (PDF/X-1a does).',
    );
  });

  it('measures a placed image’s resolution and warns that it is RGB', async () => {
    // 600 px drawn 8.625 in wide is about 70 ppi.
    const low = await check(
      await pdf({
        media: [8.625, 11.125],
        trim: [0.125, 0.125, 8.375, 10.875],
        image: { pixels: [600, 774], drawn: [8.625, 11.125] },
      }),
      'magazine-print-ads',
    );
    expect(named(low, 'image resolution')?.message).toMatch(
      /^An image is 70 ppi where it is placed; print needs 300 ppi/,
    );
    expect(named(low, 'colour')?.result).toBe('warning');
    const sharpEnough = await check(
      await pdf({
        media: [8.625, 11.125],
        trim: [0.125, 0.125, 8.375, 10.875],
        image: { pixels: [900, 600], drawn: [3, 2] },
      }),
      'magazine-print-ads',
    );
    expect(named(sharpEnough, 'image resolution')?.result).toBe('passed');
  });

  it('rejects a PDF it cannot read, and a kind of file the sheet does not take', async () => {
    const broken = await check(
      await saved(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 1)])),
      'magazine-print-ads',
    );
    expect(broken.status).toBe('rejected');
    const pdfForBanner = await check(await pdf({ media: [3, 2] }), 'online-display-ads');
    expect(pdfForBanner.status).toBe('rejected');
    expect(pdfForBanner.checks[0]?.message).toBe(
      'This is a PDF file; online-display-ads take JPEG, PNG or GIF files: export one of those.',
    );
    const noise = await check(
      await saved(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256))),
      'magazine-print-ads',
    );
    expect(noise.status).toBe('rejected');
  });
});

// ffmpeg makes each clip in a second or two; a shared machine may take longer.
describe('videos', { timeout: 60_000 }, () => {
  const ffmpeg = '/usr/bin/ffmpeg';
  function video(
    name: string,
    args: { size: string; rate: string; seconds: number; sound: boolean; codec?: string },
  ) {
    if (!existsSync(ffmpeg))
      throw new Error(
        'The video checks are tested on short clips made with ffmpeg: install it (apt-get install ffmpeg).',
      );
    const file = path.join(folder, name);
    execFileSync(ffmpeg, [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=blue:size=${args.size}:rate=${args.rate}`,
      ...(args.sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
      '-t',
      String(args.seconds),
      ...(args.codec ? ['-c:v', args.codec] : ['-c:v', 'libx264', '-preset', 'ultrafast']),
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '100k',
      ...(args.sound ? ['-c:a', 'aac', '-b:a', '32k'] : []),
      file,
    ]);
    return file;
  }
  const HD = { size: '1920x1080', rate: '30000/1001' };

  it('passes a 15-second 1080p H.264 spot with sound for TV', async () => {
    const result = await check(video('spot.mp4', { ...HD, seconds: 15, sound: true }), 'linear-tv-spots');
    expect(result.status, JSON.stringify(result.checks)).toBe('passed');
    expect(named(result, 'frame rate')?.message).toBe('29.97 frames per second.');
    expect(named(result, 'codec')?.message).toBe('H.264 video.');
  });

  it('fails a 12-second spot, a 720p frame for TV (which CTV takes), and a spot without sound', async () => {
    const short = await check(video('short.mp4', { ...HD, seconds: 12, sound: true }), 'linear-tv-spots');
    expect(named(short, 'length')?.message).toMatch(
      /^12(\.\d+)? s long; this placement takes 15 or 30 seconds \(within 0.1 s\): cut it to 15 seconds\.$/,
    );
    const small = video('small.mp4', { size: '1280x720', rate: '30', seconds: 15, sound: true });
    expect(named(await check(small, 'linear-tv-spots'), 'frame size')?.result).toBe('failed');
    const ctv = await check(small, 'connected-tv-ads');
    expect(ctv.status, JSON.stringify(ctv.checks)).toBe('passed');
    const silent = await check(video('silent.mp4', { ...HD, seconds: 15, sound: false }), 'linear-tv-spots');
    expect(named(silent, 'sound')?.result).toBe('failed');
  });

  it('fails a container and a codec the placement does not take', async () => {
    // MPEG-4 Part 2 in a QuickTime file: screens take H.264 in MP4 only.
    const result = await check(
      video('old.mov', { size: '1920x1080', rate: '30', seconds: 10, sound: false, codec: 'mpeg4' }),
      'digital-billboards',
    );
    expect(result.format).toBe('mov');
    expect(named(result, 'container')?.message).toBe(
      'QuickTime (.mov) is not taken for this placement: export MP4 instead.',
    );
    expect(named(result, 'codec')?.message).toBe(
      'The video is encoded as mp4v; this placement takes H.264: export it again as H.264.',
    );
  });

  it('fails 30 frames per second where broadcast takes 29.97', async () => {
    const result = await check(
      video('thirty.mp4', { size: '1920x1080', rate: '30', seconds: 15, sound: true }),
      'linear-tv-spots',
    );
    expect(named(result, 'frame rate')?.message).toBe(
      '30 frames per second; this placement takes 29.97: export at 29.97 fps.',
    );
  });

  it('warns about sound on a billboard and fails the wrong rate', async () => {
    const result = await check(
      video('dooh.mp4', { size: '1920x1080', rate: '25', seconds: 10, sound: true }),
      'digital-billboards',
    );
    expect(named(result, 'sound')?.result).toBe('warning');
    expect(named(result, 'frame rate')?.message).toMatch(/^25 frames per second; this placement takes 30/);
    expect(named(result, 'length')?.result).toBe('passed');
  });
});

describe('e-mails', () => {
  it('passes a 600 px table layout and fails scripts, forms and a wide layout', async () => {
    const good = await saved(
      '<!doctype html><html><body><table width="600"><tr><td>Hi</td></tr></table></body></html>',
    );
    expect((await check(good, 'dedicated-email-blasts')).status).toBe('passed');
    const bad = await saved(
      '<html><body><table style="width: 800px"><tr><td><form action="/x"></form><script>1</script></td></tr></table></body></html>',
    );
    const result = await check(bad, 'dedicated-email-blasts');
    expect(named(result, 'width')?.message).toMatch(/^Something is 800 px wide; e-mails are at most 640 px/);
    expect(named(result, 'content')?.message).toBe(
      'It contains a script and a form; mail programs block these: remove them and link to your site instead.',
    );
  });
  it('fails an e-mail over 100 KB', async () => {
    const big = await saved(
      `<!doctype html><html><body><table width="600">${'<tr><td>x</td></tr>'.repeat(7000)}</table></body></html>`,
    );
    expect(named(await check(big, 'dedicated-email-blasts'), 'file size')?.result).toBe('failed');
  });
});

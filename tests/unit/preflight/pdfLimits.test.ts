import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { checked, named, saved } from './fixtures';

/*
 * What a PDF may hold before pdf-lib reads it: its objects are counted and its object and
 * cross-reference streams inflated within a ceiling from the raw bytes, its pages counted before any
 * page is read, and a page's walk for its images stops at a budget of content and draws.
 */

const points = (inches: number) => inches * 72;
const MB = 1024 * 1024;

/** `bytes` spaces deflated a megabyte at a time, so the test never holds what they inflate to. */
async function deflatedSpaces(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const spaces = Buffer.alloc(MB, 0x20);
  for (let left = bytes; left > 0; left -= MB)
    if (!deflate.write(spaces.subarray(0, Math.min(MB, left))))
      await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/** A one-object PDF whose object stream has this dictionary and data, written by hand. */
const objectStreamPdf = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);

// pdf-lib makes and saves 60,000 objects in a few seconds; a shared machine may take longer.
describe('a PDF’s structure', { timeout: 30_000 }, () => {
  it('refuses more objects than an ad holds, naming how many', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([points(8.625), points(11.125)]);
    for (let i = 0; i < 60_000; i += 1) doc.context.register(doc.context.obj({ Part: i }));
    const file = await saved('objects.pdf', await doc.save({ useObjectStreams: false }));
    const objects = doc.context.enumerateIndirectObjects().length;
    const result = await checked(file, 'magazine-print-ads');
    expect(result.status).toBe('rejected');
    expect(result.checks.map((c) => [c.name, c.message])).toEqual([
      [
        'structure',
        `The PDF holds ${objects.toLocaleString('en-US')} objects; an ad holds a few thousand, and at most 50,000 are read: flatten it and export it again as PDF/X-4 or PDF/X-1a.`,
      ],
    ]);
  });

  it('refuses an object stream that inflates past 64 MB, however its names are written', async () => {
    const data = await deflatedSpaces(80 * MB);
    const plain = objectStreamPdf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data);
    const escaped = objectStreamPdf('/T#79pe/Obj#53tm /N 1 /First 4 /Filter [ /Flate#44ecode ]', data);
    for (const [name, bytes] of [
      ['plain.pdf', plain],
      ['escaped.pdf', escaped],
    ] as const) {
      const result = await checked(await saved(name, bytes), 'magazine-print-ads');
      expect(result.checks.map((c) => c.message)).toEqual([
        'The PDF’s structure inflates to more than 64 MB; an ad needs far less: export it again as PDF/X-4 or PDF/X-1a.',
      ]);
    }
  });

  it('refuses an object stream compressed with a filter that is not bounded here', async () => {
    const bytes = objectStreamPdf(
      '/Type /ObjStm /N 1 /First 4 /Filter /RunLengthDecode',
      Buffer.from([0x80]),
    );
    const result = await checked(await saved('runlength.pdf', bytes), 'magazine-print-ads');
    expect(result.checks.map((c) => c.message)).toEqual([
      'The PDF’s structure is written in a way we do not read: export it again as PDF/X-4 or PDF/X-1a.',
    ]);
  });

  it('reads pdf-lib’s own object and cross-reference streams as before', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([points(8.625), points(11.125)]);
    page.setTrimBox(points(0.125), points(0.125), points(8.375), points(10.875));
    const result = await checked(
      await saved('streams.pdf', await doc.save({ useObjectStreams: true })),
      'magazine-print-ads',
    );
    expect(result.status, JSON.stringify(result.checks)).toBe('passed');
  });
});

describe('a PDF’s pages', () => {
  async function pages(count: number) {
    const doc = await PDFDocument.create();
    for (let i = 0; i < count; i += 1) doc.addPage([points(6.5), points(9.25)]);
    return saved(`${count}-pages.pdf`, await doc.save());
  }

  it('refuses more pages than any placement takes, naming the count, before reading them', async () => {
    const result = await checked(await pages(40), 'every-door-direct-mail');
    expect(result.status).toBe('rejected');
    expect(result.checks.map((c) => [c.name, c.message])).toEqual([
      ['pages', 'The PDF has 40 pages; this placement takes 2 pages: export only the ad’s pages.'],
    ]);
    const magazine = await checked(await pages(3), 'magazine-print-ads');
    expect(magazine.checks.map((c) => c.message)).toEqual([
      'The PDF has 3 pages; this placement takes 1 page: export only the ad’s page.',
    ]);
  });

  it('still checks a page count some placement takes, saying what this one takes', async () => {
    const result = await checked(await pages(2), 'magazine-print-ads');
    expect(result.status).toBe('attention');
    expect(named(result, 'pages')?.message).toBe(
      '2 pages; this placement takes 1 page in one file: export exactly that.',
    );
  });
});

describe('a page’s walk for its images', () => {
  it('stops at 10,000 draws when forms draw each other ten times over eight levels', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([points(8.625), points(11.125)]);
    page.setTrimBox(points(0.125), points(0.125), points(8.375), points(10.875));
    const { context } = doc;
    const tenTimes = Array.from({ length: 10 }, () => '/F Do').join(' ');
    let inner = context.register(
      context.stream('0 0 1 1 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1] }),
    );
    for (let level = 0; level < 8; level += 1)
      inner = context.register(
        context.stream(tenTimes, {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, 1, 1],
          Resources: { XObject: { F: inner } },
        }),
      );
    page.node.set(PDFName.of('Resources'), context.obj({ XObject: { F: inner } }));
    page.node.set(PDFName.of('Contents'), context.register(context.stream('/F Do')));
    const result = await checked(await saved('forms.pdf', await doc.save()), 'magazine-print-ads');
    expect(named(result, 'image resolution')?.message).toBe(
      'The images could not be measured: check they are 300 ppi at their size on the page.',
    );
  });
});

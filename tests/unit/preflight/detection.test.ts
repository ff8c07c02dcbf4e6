import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checked, expectOneSentenceEach, ffmpeg, inFolder, saved } from './fixtures';

/* The type comes from the bytes: what the sheet does not take, or nobody can read, is rejected. */

describe('a file the sheet does not take', () => {
  it('rejects random bytes, saying what the sheet takes', async () => {
    const result = await checked(await saved('ad.pdf', randomBytes(16_384)), 'magazine-print-ads');
    expect(result.status).toBe('rejected');
    expect(result.format).toBeNull();
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]?.result).toBe('failed');
    expect(result.checks[0]?.message).toMatch(
      /; Magazine print ads take PDF, TIFF or JPEG files: export one of those\.$/,
    );
    expect(result.thumbnail).toBeNull();
  });

  it('rejects a QuickTime video sent for a magazine page, naming both', async () => {
    const movie = inFolder('cover.jpg');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:size=320x240:rate=30',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-f',
      'mov',
      movie,
    ]);
    const result = await checked(movie, 'magazine-print-ads');
    expect(result.status).toBe('rejected');
    expect(result.format).toBe('mov');
    expect(result.checks.map((check) => check.message)).toEqual([
      'This is a QuickTime (.mov) file; Magazine print ads take PDF, TIFF or JPEG files: export one of those.',
    ]);
  });

  it('rejects an e-mail sent for a TV spot', async () => {
    const html = await saved('spot.mp4', '<!doctype html><html><body>Hi</body></html>');
    const result = await checked(html, 'linear-tv-spots');
    expect(result.status).toBe('rejected');
    expect(result.format).toBe('html');
    expectOneSentenceEach(result);
  });
});

describe('HTML, which has no magic number', () => {
  it('is found after a byte-order mark and a comment, whatever the name', async () => {
    const html = await saved(
      'mailer.txt',
      '\uFEFF<!-- built by hand -->\n<!DOCTYPE html><html><body><table width="600"><tr><td>Hi</td></tr></table></body></html>',
    );
    const result = await checked(html, 'dedicated-email-blasts');
    expect(result.format).toBe('html');
    expect(result.status).toBe('passed');
  });
});

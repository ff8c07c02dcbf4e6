import { describe, expect, it } from 'vitest';
import { checked, expectOneSentenceEach, named, saved } from './fixtures';

/* E-mail HTML: its width and what mail programs block, beyond the first suite's script and form. */

const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

describe('e-mail HTML', () => {
  it('fails an image wider than the layout may be', async () => {
    const result = await checked(
      await saved(
        'wide.html',
        page('<table width="600"><tr><td><img width="1200" src="a.png"></td></tr></table>'),
      ),
      'dedicated-email-blasts',
    );
    expect(result.status).toBe('attention');
    expect(named(result, 'width')?.message).toBe(
      'Something is 1200 px wide; e-mails are at most 640 px: build the layout 600 px wide.',
    );
  });

  it('reads a max-width style', async () => {
    const result = await checked(
      await saved('max.html', page('<div style="max-width:640px">Hi</div>')),
      'dedicated-email-blasts',
    );
    expect(named(result, 'width')?.result).toBe('passed');
  });

  it('warns, and does not fail, when no width is set', async () => {
    const result = await checked(await saved('bare.html', page('<p>Hi</p>')), 'dedicated-email-blasts');
    expect(result.status).toBe('passed');
    expect(named(result, 'width')).toEqual({
      name: 'width',
      result: 'warning',
      message:
        'No width is set: build the layout 600 px wide in a table so every mail program shows it the same.',
    });
  });

  it('fails an embedded frame and a javascript: link, naming both', async () => {
    const result = await checked(
      await saved(
        'frame.html',
        page(
          '<table width="600"><tr><td><iframe src="x"></iframe><a href="javascript:go()">Go</a></td></tr></table>',
        ),
      ),
      'dedicated-email-blasts',
    );
    expect(named(result, 'content')?.message).toBe(
      'It contains an embedded frame and a javascript: link; mail programs block these: remove them and link to your site instead.',
    );
    expectOneSentenceEach(result);
  });
});

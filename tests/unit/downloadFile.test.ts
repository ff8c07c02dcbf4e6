import { describe, expect, it } from 'vitest';
import { downloadFile } from '../../src/lib/saveFile';

/* A download that fails says so (issue 31's proofs and ad files): it never fails silently. */
describe('a file download', () => {
  it('answers the server’s sentence when the file is refused', async () => {
    const refused = async () => ({ ok: false as const, message: 'There is no such file.' });
    expect(await downloadFile(refused, 'proof-1.pdf')).toBe('There is no such file.');
  });

  it('answers the sentence of a request that did not reach the server, instead of throwing', async () => {
    const offline = async (): Promise<{ ok: false; message: string }> => {
      throw new Error('We could not reach Adlane. Check your connection and try again.');
    };
    expect(await downloadFile(offline, 'proof-1.pdf')).toBe(
      'We could not reach Adlane. Check your connection and try again.',
    );
  });
});

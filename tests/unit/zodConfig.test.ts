import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('parses without compiling (no eval, which the CSP refuses), whenever zod loads after main.tsx', async () => {
    await import('../../src/lib/zodConfig');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // The parsers still work without it.
    expect(z.object({ zip: z.string() }).safeParse({ zip: '60601' }).success).toBe(true);
  });
});

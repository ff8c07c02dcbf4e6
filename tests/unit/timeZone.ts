import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the tests of the enclosing `describe` with the process in `zone` (Node reads `process.env.TZ`
 * anew when it is set), and gives the process its own zone back after them.
 */
export function inTimeZone(zone: string): void {
  const own = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = own;
    if (own === undefined) delete process.env.TZ;
  });
}

import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

describe('STAFF_SESSION_HOURS', () => {
  it('is 8 hours unless set, and a whole number of hours from 1 to 24', () => {
    expect(readServerConfig({}).staffSessionHours).toBe(8);
    expect(readServerConfig({ STAFF_SESSION_HOURS: '12' }).staffSessionHours).toBe(12);
    for (const wrong of ['0', '25', '1.5', 'eight'])
      expect(() => readServerConfig({ STAFF_SESSION_HOURS: wrong })).toThrow(
        `STAFF_SESSION_HOURS must be a whole number of hours from 1 to 24, got "${wrong}".`,
      );
  });
});

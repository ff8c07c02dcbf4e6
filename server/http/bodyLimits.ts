import { bodyLimit } from 'hono/body-limit';
import { fail } from './envelope';

/** Refuses a body over `maxSize` bytes before it is read, with a 413 that says what to send instead. */
export const limitBody = (maxSize: number, message: string) =>
  bodyLimit({ maxSize, onError: (c) => fail(c, 413, message) });

/** Direct-mail selections and campaigns are a few kilobytes; anything this big is a mistake or an attack. */
export const limitDirectMailBody = limitBody(
  64 * 1024,
  'That request is too large. Choose fewer routes or zip codes.',
);

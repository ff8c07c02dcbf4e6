/**
 * A sign-in that ended because its holder was removed from `company`'s team (the API says so in
 * `meta.access_removed`); the message is the API's sentence.
 */
export class AccessRemoved extends Error {
  constructor(
    readonly company: string,
    message: string,
  ) {
    super(message);
    this.name = 'AccessRemoved';
  }
}

/**
 * What the orders machines share with the API client, without XState: the client throws these, and
 * importing them must not bring the machines' code into a bundle.
 */

/** The API answered the order's number with 404: not one of this company's orders. */
export class OrderNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OrderNotFound';
  }
}

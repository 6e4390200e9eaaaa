/**
 * The error the mock Strapi's query code throws for a query the real Strapi 5.54 refuses with
 * a 400: its message and details are the ones Strapi answers with.
 */

/**
 * A query Strapi refuses with 400. `errorName` is the `error.name` of Strapi's answer:
 * `ValidationError` (an invalid key, order, pagination value...) or `PaginationError` (page and
 * offset pagination mixed). `details` is `error.details` (`{}` when Strapi sends no details).
 */
export class MockBadRequest extends Error {
  /** Strapi's `error.details`. */
  declare details: Record<string, unknown>;
  /** Strapi's `error.name`: `ValidationError` or `PaginationError`. */
  declare errorName: 'ValidationError' | 'PaginationError';

  constructor(
    message: string,
    details: Record<string, unknown> = {},
    errorName: 'ValidationError' | 'PaginationError' = 'ValidationError',
  ) {
    super(message);
    this.name = 'MockBadRequest';
    this.details = details;
    this.errorName = errorName;
  }
}

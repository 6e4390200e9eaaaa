/**
 * The mock Strapi's pagination against Strapi 5.54's: @strapi/core
 * dist/core-api/service/pagination.js (`getPaginationInfo`, `shouldCount`, the meta),
 * @strapi/utils dist/pagination.js (`withDefaultPagination`, the meta of each form),
 * dist/services/document-service/repository.js `checkPagination` (strict params) and
 * @strapi/utils dist/convert-query-params.js (the checks without them). The values are text, as
 * they come from a query string; the expectations are what those functions return for them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MockBadRequest } from '../../../src/runtime/mock/errors.ts';
import { pageOf } from '../../../src/runtime/mock/pagination.ts';

/** Throws Strapi's 400: `message`, `name`, empty details. */
function refused(action: () => unknown, message: string, name = 'ValidationError'): void {
  assert.throws(action, (error: unknown) => {
    assert.ok(error instanceof MockBadRequest, String(error));
    assert.equal(error.message, message);
    assert.equal(error.errorName, name);
    assert.deepEqual(error.details, {});
    return true;
  });
}

describe('pageOf: a fresh app (defaultLimit 25, maxLimit 100, withCount, strict params)', () => {
  it('no pagination: the first 25, as a page', () => {
    assert.deepEqual(pageOf(undefined, 57), {
      start: 0,
      limit: 25,
      meta: { page: 1, pageSize: 25, pageCount: 3, total: 57 },
    });
    assert.deepEqual(pageOf({}, 0).meta, { page: 1, pageSize: 25, pageCount: 0, total: 0 });
  });

  it('page and pageSize', () => {
    assert.deepEqual(pageOf({ page: '2' }, 57), {
      start: 25,
      limit: 25,
      meta: { page: 2, pageSize: 25, pageCount: 3, total: 57 },
    });
    assert.deepEqual(pageOf({ page: '3', pageSize: '10' }, 57), {
      start: 20,
      limit: 10,
      meta: { page: 3, pageSize: 10, pageCount: 6, total: 57 },
    });
  });

  it('page 0 or below is page 1; pageSize below 1 is 1, above maxLimit is maxLimit', () => {
    assert.deepEqual(pageOf({ page: '0' }, 57).meta, { page: 1, pageSize: 25, pageCount: 3, total: 57 });
    assert.equal(pageOf({ page: '-3' }, 57).start, 0);
    assert.deepEqual(pageOf({ pageSize: '0' }, 57).meta, { page: 1, pageSize: 1, pageCount: 57, total: 57 });
    assert.deepEqual(pageOf({ pageSize: '500' }, 57).meta, {
      page: 1,
      pageSize: 100,
      pageCount: 1,
      total: 57,
    });
    // A pageSize that is no number becomes NaN, which the max limit replaces (NaN < 100 is false).
    assert.deepEqual(pageOf({ page: '2', pageSize: 'abc' }, 57).start, 100);
  });

  it('start and limit: the offset form of the meta', () => {
    assert.deepEqual(pageOf({ start: '5', limit: '7' }, 57), {
      start: 5,
      limit: 7,
      meta: { start: 5, limit: 7, total: 57 },
    });
    assert.deepEqual(pageOf({ start: '5' }, 57).meta, { start: 5, limit: 25, total: 57 });
    assert.deepEqual(pageOf({ limit: '500' }, 57).meta, { start: 0, limit: 100, total: 57 });
    assert.deepEqual(pageOf({ start: '-4', limit: '0' }, 57).meta, { start: 0, limit: 1, total: 57 });
  });

  it('limit -1: the number means no limit (capped by maxLimit); the text "-1" is a limit of 1', () => {
    assert.equal(pageOf({ limit: -1 }, 57).limit, 100);
    assert.deepEqual(pageOf({ limit: -1 }, 57, { maxLimit: null }), {
      start: 0,
      limit: -1,
      meta: { start: 0, limit: -1, total: 57 },
    });
    assert.deepEqual(pageOf({ limit: '-1' }, 57).meta, { start: 0, limit: 1, total: 57 });
  });

  it('page and offset together: a PaginationError', () => {
    refused(
      () => pageOf({ page: '1', start: '0' }, 57),
      'Cannot use both page & offset pagination in the same query',
      'PaginationError',
    );
    // A bare key reads as null, which is no value: this is page pagination only.
    assert.equal(pageOf({ page: '2', start: null }, 57).start, 25);
  });

  it('a start or limit that is not whole: the strict document service check', () => {
    refused(
      () => pageOf({ page: 'abc' }, 57),
      "Invalid parameter at 'start'. Expected integer >= 0, received: NaN",
    );
    refused(
      () => pageOf({ page: '1.5' }, 57),
      "Invalid parameter at 'start'. Expected integer >= 0, received: 12.5",
    );
    refused(
      () => pageOf({ pageSize: '2.5' }, 57),
      "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 2.5",
    );
  });

  it('without strict params: the query converter says it', () => {
    refused(
      () => pageOf({ start: 'x' }, 57, { strictParams: false }),
      'convertStartQueryParams expected a positive integer got NaN',
    );
    refused(
      () => pageOf({ limit: '2.5' }, 57, { strictParams: false }),
      'convertLimitQueryParams expected a positive integer got 2.5',
    );
  });

  it('withCount: false leaves total and pageCount out; a value that is no boolean is refused', () => {
    assert.deepEqual(pageOf({ page: '3', pageSize: '10', withCount: 'false' }, 57).meta, {
      page: 3,
      pageSize: 10,
    });
    assert.deepEqual(pageOf({ start: '1', withCount: '0' }, 57).meta, { start: 1, limit: 25 });
    assert.deepEqual(pageOf({ withCount: 't' }, 57, { withCount: false }).meta, {
      page: 1,
      pageSize: 25,
      pageCount: 3,
      total: 57,
    });
    assert.deepEqual(pageOf({}, 57, { withCount: false }).meta, { page: 1, pageSize: 25 });
    refused(
      () => pageOf({ withCount: 'yes' }, 57),
      'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
    );
  });

  it('another configuration: defaultLimit and no maxLimit', () => {
    assert.deepEqual(pageOf({}, 57, { defaultLimit: 10 }).meta, {
      page: 1,
      pageSize: 10,
      pageCount: 6,
      total: 57,
    });
    assert.equal(pageOf({ pageSize: '500' }, 57, { maxLimit: null }).limit, 500);
  });
});

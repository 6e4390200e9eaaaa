// Test-only: each action fails the way custom application code does in a Strapi 5 app.
const { errors } = require('@strapi/utils');

module.exports = () => ({
  unreachable(ctx) {
    ctx.body = { reached: true };
  },
  // Koa's response helpers (http-errors): name BadRequestError, status 400.
  badRequest(ctx) {
    return ctx.badRequest('The slug is malformed', { field: 'slug', expected: 'kebab-case' });
  },
  // Name ConflictError, status 409.
  conflict(ctx) {
    return ctx.conflict('The document was changed by someone else', {
      documentId: 'abc123',
      version: ctx.request.body?.version ?? null,
    });
  },
  // Strapi answers 400 for a bare ApplicationError (it maps only its subclasses to other statuses).
  applicationError() {
    throw new errors.ApplicationError('The import is already running', { jobId: 42 });
  },
  // Name NotImplementedError, status 501: not in the client's errorName union.
  notImplemented() {
    throw new errors.NotImplementedError();
  },
  // Any other exception: Strapi logs it and answers 500 without its message.
  unhandled() {
    throw new Error('secret internal detail that must not reach the client');
  },
});

// Test-only: errors a real Strapi app raises only from custom code (a controller or a policy),
// for the client's error tests (test/e2e/errors.test.ts). Every route is public. No content
// type, so the schema the plugin publishes does not change.
module.exports = {
  routes: [
    // A policy that returns false: Strapi itself answers 403 PolicyError "Policy Failed".
    {
      method: 'GET',
      path: '/failure/policy-denied',
      handler: 'api::failure.failure.unreachable',
      config: { auth: false, policies: ['api::failure.deny'] },
    },
    // A policy that throws its own PolicyError with a message and details.
    {
      method: 'GET',
      path: '/failure/policy-error',
      handler: 'api::failure.failure.unreachable',
      config: { auth: false, policies: ['api::failure.reject'] },
    },
    {
      method: 'GET',
      path: '/failure/bad-request',
      handler: 'api::failure.failure.badRequest',
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/failure/conflict',
      handler: 'api::failure.failure.conflict',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/failure/application-error',
      handler: 'api::failure.failure.applicationError',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/failure/not-implemented',
      handler: 'api::failure.failure.notImplemented',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/failure/unhandled',
      handler: 'api::failure.failure.unhandled',
      config: { auth: false },
    },
  ],
};

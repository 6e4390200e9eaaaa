module.exports = () => ({
  // The plugin of this repository, installed from `npm pack` like any npm dependency.
  'cms-typed-client': {
    enabled: true,
    config: {
      // Only requests with an API token may read the schema (the default in production).
      requireAuth: true,
    },
  },
  'users-permissions': {
    config: {
      jwtSecret: 'demo-users-permissions-jwt-secret',
    },
  },
});

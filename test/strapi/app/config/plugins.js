// Test switches come from the environment so one installed app serves every variant.
module.exports = ({ env }) => ({
  // strapi-plugin-navigation (installed from npm, auto-discovered): on only where a test asks for it.
  navigation: { enabled: env.bool('CTC_NAVIGATION', false) },
  'cms-typed-client': {
    enabled: env.bool('CTC_ENABLED', true),
    config: JSON.parse(env('CTC_CONFIG', '{}')),
  },
  'users-permissions': {
    config: {
      jwtSecret: 'users-permissions-jwt-secret-SECRETVALUE',
      jwtManagement: env('UP_JWT_MANAGEMENT', 'legacy-support'),
      // The user fields registration accepts besides username, email and password (a JSON array).
      register: { allowedFields: JSON.parse(env('UP_REGISTER_FIELDS', '[]')) },
      // Strapi's default (10 per minute per route and identifier); the session suite signs in more often.
      ratelimit: { interval: 60000, max: env.int('UP_RATELIMIT_MAX', 10) },
      sessions: {
        httpOnly: env.bool('UP_SESSIONS_HTTPONLY', false),
        accessTokenLifespan: env.int('UP_ACCESS_TOKEN_LIFESPAN', 600),
        cookie: { secure: false },
      },
    },
  },
});

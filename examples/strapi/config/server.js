module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS', ['demo-app-key-one', 'demo-app-key-two']) },
  // No outbound network: no update check, no startup banner.
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});

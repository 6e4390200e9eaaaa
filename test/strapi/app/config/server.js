module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: ['test-app-key-one-SECRETVALUE', 'test-app-key-two-SECRETVALUE'] },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});

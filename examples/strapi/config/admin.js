// Headless: the demo needs no admin panel (and no admin build). The secrets are demo values;
// a real app reads them from the environment.
module.exports = ({ env }) => ({
  serveAdminPanel: false,
  auth: { secret: env('ADMIN_JWT_SECRET', 'demo-admin-jwt-secret') },
  apiToken: { salt: env('API_TOKEN_SALT', 'demo-api-token-salt') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'demo-transfer-token-salt') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', 'demo-encryption-key') },
});

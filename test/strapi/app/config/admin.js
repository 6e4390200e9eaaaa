module.exports = () => ({
  serveAdminPanel: false,
  auth: { secret: 'admin-jwt-secret-SECRETVALUE' },
  apiToken: { salt: 'api-token-salt-SECRETVALUE' },
  transfer: { token: { salt: 'transfer-token-salt-SECRETVALUE' } },
  secrets: { encryptionKey: 'encryption-key-SECRETVALUE' },
});

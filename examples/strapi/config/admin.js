// The secrets are demo values; a real app reads them from the environment.
//
// Headless by default: the demo needs no admin panel (and no admin build). With CTC_ADMIN=true
// the panel is served (after `strapi build`), and with CTC_PREVIEW_URL and CTC_PREVIEW_SECRET
// its content manager shows "Open preview" for articles, opening the Next.js example's
// /api/preview route (examples/nextjs), which turns on draft mode and shows the draft.
const { cmsPreview } = require('cms-typed-client/strapi-preview');

module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('CTC_ADMIN', false),
  auth: { secret: env('ADMIN_JWT_SECRET', 'demo-admin-jwt-secret') },
  apiToken: { salt: env('API_TOKEN_SALT', 'demo-api-token-salt') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'demo-transfer-token-salt') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', 'demo-encryption-key') },
  ...(env('CTC_PREVIEW_URL')
    ? {
        preview: cmsPreview({
          url: env('CTC_PREVIEW_URL'),
          secret: env('CTC_PREVIEW_SECRET'),
          paths: { 'api::article.article': '/articles/{slug}' },
        }),
      }
    : {}),
});

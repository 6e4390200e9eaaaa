// Seeds what the cms-typed-client tests need, on every boot, and writes the secrets the tests
// use (API tokens, user credentials) to the file named by CTC_SEED_FILE.
const fs = require('node:fs');

const PUBLIC_ACTIONS = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::article.article.popular',
  'api::author.author.find',
  'api::author.author.findOne',
  'api::tag.tag.find',
  'api::tag.tag.findOne',
  'api::site-setting.site-setting.find',
  'plugin::i18n.locales.listLocales',
];

/**
 * The content-API token service: `admin::api-token-content-api` from 5.44 (the old name stays
 * as a deprecated alias), `admin::api-token` before. Before 5.13 there is no
 * `admin::encryption`, so `getByName` never returns a token's key and stableToken makes a new
 * token on every boot.
 */
function tokenService(strapi) {
  return strapi.service('admin::api-token-content-api') ?? strapi.service('admin::api-token');
}

function createToken(strapi, name, attributes) {
  return tokenService(strapi).create({
    name,
    description: `cms-typed-client test token: ${name}`,
    lifespan: null,
    ...attributes,
  });
}

/** The same token across boots of one database, so a client can outlive a restart. */
async function stableToken(strapi, name, attributes) {
  const existing = await tokenService(strapi).getByName(name, { includeDecryptedKey: true });
  if (existing?.accessKey) return existing;
  if (existing) await tokenService(strapi).revoke(existing.id);
  return createToken(strapi, name, attributes);
}

/** A new token on every boot (for the revoked and expired cases). */
async function freshToken(strapi, name, attributes) {
  const existing = await tokenService(strapi).getByName(name);
  if (existing) await tokenService(strapi).revoke(existing.id);
  return createToken(strapi, name, attributes);
}

async function seedTokens(strapi) {
  const tokens = {};
  tokens.readOnly = (await stableToken(strapi, 'read-only', { type: 'read-only' })).accessKey;
  tokens.fullAccess = (await stableToken(strapi, 'full-access', { type: 'full-access' })).accessKey;
  tokens.custom = (
    await stableToken(strapi, 'custom-read', { type: 'custom', permissions: ['api::article.article.find'] })
  ).accessKey;
  tokens.customNoRead = (
    await stableToken(strapi, 'custom-write-only', {
      type: 'custom',
      permissions: ['api::article.article.create'],
    })
  ).accessKey;
  const revoked = await freshToken(strapi, 'revoked', { type: 'read-only' });
  await tokenService(strapi).revoke(revoked.id);
  tokens.revoked = revoked.accessKey;
  const expired = await freshToken(strapi, 'expired', { type: 'read-only', lifespan: 7 * 24 * 3600 * 1000 });
  await strapi.db
    .query('admin::api-token')
    .update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  tokens.expired = expired.accessKey;
  return tokens;
}

/** Signed-in users (and only they) may list profiles (an authenticated read for the session tests) and read roles (`me` with `populate: { role: true }`). */
const AUTHENTICATED_ACTIONS = ['api::profile.profile.find', 'plugin::users-permissions.role.find'];

async function seedPermissions(strapi, roleType, actions) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  if (!role) return;
  for (const action of actions) {
    const exists = await strapi.db
      .query('plugin::users-permissions.permission')
      .findOne({ where: { action, role: role.id } });
    if (!exists)
      await strapi.db
        .query('plugin::users-permissions.permission')
        .create({ data: { action, role: role.id } });
  }
}

/** Values for the string fields an app's extension of the user requires (FoodAdvisor's `job`). */
function requiredUserFields(strapi, given) {
  const fields = {};
  const { attributes } = strapi.contentType('plugin::users-permissions.user');
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.required && attribute.type === 'string' && !(name in given))
      fields[name] = `${given.username}'s ${name}`;
  }
  return fields;
}

async function seedUser(strapi, credentials) {
  const users = strapi.plugin('users-permissions').service('user');
  const existing = await strapi.db
    .query('plugin::users-permissions.user')
    .findOne({ where: { email: credentials.email } });
  if (!existing) {
    const role = await strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'authenticated' } });
    await users.add({
      ...credentials,
      ...requiredUserFields(strapi, credentials),
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: role.id,
    });
  }
  return credentials;
}

/** A second locale next to the default `en`, for the locale tests. */
async function seedLocales(strapi) {
  const locales = strapi.plugin('i18n')?.service('locales');
  if (!locales) return;
  if (!(await locales.findByCode('fr'))) await locales.create({ code: 'fr', name: 'French (fr)' });
}

/**
 * A webhook to a test receiver, when CTC_WEBHOOK_URL names one (a loopback URL) and
 * CTC_WEBHOOK_SECRET its secret; CTC_WEBHOOK_HEADER names the header that carries the whole
 * secret (otherwise `Authorization: Bearer <secret>`). Registered as the admin's webhooks
 * controller does: stored, then added to the runner. Replaced on every boot.
 */
async function seedWebhook(strapi) {
  const url = process.env.CTC_WEBHOOK_URL;
  const secret = process.env.CTC_WEBHOOK_SECRET;
  if (!url || !secret) return;
  const store = strapi.get('webhookStore');
  for (const existing of await store.findWebhooks()) {
    if (existing.name === 'cms-typed-client test receiver') {
      strapi.get('webhookRunner').remove(existing);
      await store.deleteWebhook(existing.id);
    }
  }
  const header = process.env.CTC_WEBHOOK_HEADER;
  const webhook = await store.createWebhook({
    name: 'cms-typed-client test receiver',
    url,
    headers: header ? { [header]: secret } : { Authorization: `Bearer ${secret}` },
    events: [
      'entry.create',
      'entry.update',
      'entry.delete',
      'entry.publish',
      'entry.unpublish',
      'media.create',
      'media.update',
      'media.delete',
    ],
    isEnabled: true,
  });
  strapi.get('webhookRunner').add(webhook);
}

module.exports = {
  register({ strapi }) {
    strapi.customFields.register({ name: 'color', type: 'string' });
    // Extra query and body keys on the contract routes (published with those routes' schemas).
    const onContract = (route) => route.path.startsWith('/contract/');
    if (typeof strapi.contentAPI?.addQueryParams !== 'function') return;
    strapi.contentAPI.addQueryParams({
      preview: { schema: (z) => z.enum(['on', 'off']).optional(), matchRoute: onContract },
    });
    strapi.contentAPI.addInputParams({
      clientRef: {
        schema: (z) => z.string().max(64).optional(),
        matchRoute: (route) => route.path === '/contract/orders',
      },
    });
    // Extra keys on core routes: a query key on the article reads, a data key on the article writes.
    const articleRoute = (methods) => (route) =>
      /^\/articles(\/:id)?$/.test(route.path) && methods.includes(route.method);
    strapi.contentAPI.addQueryParams({
      audience: { schema: (z) => z.enum(['web', 'app']).optional(), matchRoute: articleRoute(['GET']) },
    });
    strapi.contentAPI.addInputParams({
      editorNote: {
        schema: (z) => z.string().max(200).optional(),
        matchRoute: articleRoute(['POST', 'PUT']),
      },
    });
  },
  async bootstrap({ strapi }) {
    const seed = {
      tokens: await seedTokens(strapi),
      user: await seedUser(strapi, {
        username: 'reader',
        email: 'reader@example.test',
        password: 'Reader-password-1',
      }),
      otherUser: await seedUser(strapi, {
        username: 'writer',
        email: 'writer@example.test',
        password: 'Writer-password-1',
      }),
    };
    await seedPermissions(strapi, 'public', PUBLIC_ACTIONS);
    await seedPermissions(strapi, 'authenticated', AUTHENTICATED_ACTIONS);
    await seedLocales(strapi);
    await seedWebhook(strapi);
    if (process.env.CTC_SEED_FILE) fs.writeFileSync(process.env.CTC_SEED_FILE, JSON.stringify(seed, null, 2));
  },
};

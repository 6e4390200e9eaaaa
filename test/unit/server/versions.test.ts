/**
 * What the plugin publishes and refuses per Strapi version, on Strapi-like objects shaped like
 * the real registries of 5.12 (no refresh route), 5.43 (refresh, no session routes) and 5.54.
 * test/versions/versions.test.ts checks the same against the real versions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPayload } from '../../../src/cli/remote.ts';
import { validateSchema } from '../../../src/codegen/validate.ts';
import { schemaHash } from '../../../src/schema/hash.ts';
import type { CmsSchema } from '../../../src/schema/types.ts';
import { readSchema, takeSnapshot } from '../../../src/server/read-schema.ts';
import type { StrapiLike, StrapiRoute } from '../../../src/server/strapi.ts';
import { checkStrapiVersion, unsupportedReason } from '../../../src/server/version.ts';

const LEGACY_ROUTES: StrapiRoute[] = [
  { method: 'POST', path: '/auth/local', handler: 'auth.callback' },
  { method: 'POST', path: '/auth/local/register', handler: 'auth.register' },
  { method: 'GET', path: '/users/me', handler: 'user.me' },
];
const REFRESH_ROUTES: StrapiRoute[] = [
  { method: 'POST', path: '/auth/refresh', handler: 'auth.refresh' },
  { method: 'POST', path: '/auth/logout', handler: 'auth.logout' },
];
const SESSION_ROUTES: StrapiRoute[] = [
  { method: 'GET', path: '/auth/sessions', handler: 'auth.getSessions' },
  { method: 'DELETE', path: '/auth/sessions/:sessionId', handler: 'auth.revokeSession' },
];

interface Fake {
  version?: string;
  jwtManagement: string;
  routes: StrapiRoute[];
  errors?: string[];
  /** users-permissions' `register.allowedFields`, as configured. */
  allowedFields?: unknown;
  /** The attributes of the users-permissions user, raw. */
  user?: Record<string, Record<string, unknown>>;
}

function strapiLike({ version, jwtManagement, routes, errors = [], allowedFields, user }: Fake): StrapiLike {
  const upConfig: Record<string, unknown> = {
    jwtManagement,
    'sessions.httpOnly': false,
    'register.allowedFields': allowedFields,
  };
  return {
    ...(version === undefined
      ? {}
      : { config: { get: (path: string) => (path === 'info.strapi' ? version : undefined) } }),
    contentTypes:
      user === undefined
        ? {}
        : {
            'plugin::users-permissions.user': {
              kind: 'collectionType',
              info: { singularName: 'user', pluralName: 'users' },
              attributes: user,
            },
          },
    components: {},
    plugin: (name) =>
      name === 'users-permissions'
        ? { config: (path) => upConfig[path], routes: { 'content-api': { type: 'content-api', routes } } }
        : undefined,
    service: () => undefined,
    log: { info() {}, warn() {}, error: (message) => errors.push(message) },
  };
}

describe('auth mode by registered routes', () => {
  it('reports legacy-support when refresh is configured but /auth/refresh is not registered (before 5.24.1)', () => {
    const snapshot = takeSnapshot(
      strapiLike({ version: '5.12.0', jwtManagement: 'refresh', routes: LEGACY_ROUTES }),
    );
    assert.equal(snapshot.schema.auth?.jwtManagement, 'legacy-support');
    assert.deepEqual(Object.keys(snapshot.schema.auth?.routes ?? {}).sort(), ['login', 'me', 'register']);
    assert.equal(snapshot.strapi.notices.length, 1);
    assert.match(
      snapshot.strapi.notices[0] ?? '',
      /^refresh-token sessions need Strapi 5\.24\.1 or later; this server \(Strapi 5\.12\.0\) has no \/auth\/refresh route .*the client uses legacy JWT mode$/,
    );
  });

  it('reports refresh with refresh and logout but no session routes where those are missing (5.24.1 to 5.49)', () => {
    const { schema, strapi } = takeSnapshot(
      strapiLike({
        version: '5.43.0',
        jwtManagement: 'refresh',
        routes: [...LEGACY_ROUTES, ...REFRESH_ROUTES],
      }),
    );
    assert.equal(schema.auth?.jwtManagement, 'refresh');
    assert.deepEqual(schema.auth?.routes.refresh, { method: 'POST', path: '/auth/refresh' });
    assert.deepEqual(schema.auth?.routes.logout, { method: 'POST', path: '/auth/logout' });
    assert.equal(schema.auth?.routes.sessions, undefined);
    assert.equal(schema.auth?.routes.revokeSession, undefined);
    assert.deepEqual(strapi, { version: '5.43.0', notices: [] });
  });

  it('reports every session route where registered (5.50+)', () => {
    const { schema } = takeSnapshot(
      strapiLike({
        version: '5.54.0',
        jwtManagement: 'refresh',
        routes: [...LEGACY_ROUTES, ...REFRESH_ROUTES, ...SESSION_ROUTES],
      }),
    );
    assert.deepEqual(Object.keys(schema.auth?.routes ?? {}).sort(), [
      'login',
      'logout',
      'me',
      'refresh',
      'register',
      'revokeSession',
      'sessions',
    ]);
  });

  it('publishes no session route in legacy mode although 5.54 registers them', () => {
    const { schema, strapi } = takeSnapshot(
      strapiLike({
        version: '5.54.0',
        jwtManagement: 'legacy-support',
        routes: [...LEGACY_ROUTES, ...REFRESH_ROUTES, ...SESSION_ROUTES],
      }),
    );
    assert.equal(schema.auth?.jwtManagement, 'legacy-support');
    assert.equal(schema.auth?.routes.refresh, undefined);
    assert.deepEqual(strapi.notices, []);
  });
});

describe('the Strapi version beside the hash', () => {
  it('is published next to hash and schema, and a Strapi upgrade alone keeps the hash', () => {
    const fake = { jwtManagement: 'legacy-support', routes: LEGACY_ROUTES };
    const older = takeSnapshot(strapiLike({ ...fake, version: '5.30.0' }));
    const newer = takeSnapshot(strapiLike({ ...fake, version: '5.31.0' }));
    assert.equal(older.hash, newer.hash);
    const body = JSON.parse(newer.schemaBody.toString());
    assert.deepEqual(Object.keys(body), ['hash', 'schema', 'strapi']);
    assert.deepEqual(body.strapi, { version: '5.31.0', notices: [] });
    assert.equal(schemaHash(body.schema), body.hash);
  });

  it('is null when Strapi does not say', () => {
    assert.equal(
      takeSnapshot(strapiLike({ jwtManagement: 'legacy-support', routes: [] })).strapi.version,
      null,
    );
  });

  it('the CLI accepts payloads without it (older servers) and refuses a malformed one', () => {
    const schema = readSchema(strapiLike({ jwtManagement: 'legacy-support', routes: LEGACY_ROUTES }));
    const hash = schemaHash(schema);
    assert.equal(checkPayload({ hash, schema }, 'old').strapi, undefined);
    assert.deepEqual(checkPayload({ hash, schema, strapi: { version: null, notices: [] } }, 'new').strapi, {
      version: null,
      notices: [],
    });
    assert.throws(
      () => checkPayload({ hash, schema, strapi: { version: 5, notices: [] } }, 'bad'),
      /bad has a malformed 'strapi' member \(\{version, notices\} expected\)/,
    );
    assert.throws(
      () => checkPayload({ hash, schema, strapi: { version: '5.0.6' } }, 'bad'),
      /malformed 'strapi'/,
    );
  });

  it('a plugin and a generator of different payload formats say which one to upgrade', () => {
    const schema = readSchema(strapiLike({ jwtManagement: 'legacy-support', routes: LEGACY_ROUTES }));
    const older = { ...schema, format: 1 };
    assert.throws(
      () =>
        checkPayload({ hash: schemaHash(older as unknown as CmsSchema), schema: older }, 'http://cms/schema'),
      /^RemoteError: http:\/\/cms\/schema uses schema format 1 \(written by an older cms-typed-client\); this cms-types understands format 2\. Upgrade cms-typed-client in Strapi to this project's version and restart Strapi\.$/,
    );
    const newer = { ...schema, format: 3 };
    assert.throws(
      () =>
        checkPayload({ hash: schemaHash(newer as unknown as CmsSchema), schema: newer }, 'http://cms/schema'),
      /format 3 \(written by a newer cms-typed-client\); this cms-types understands format 2\. Upgrade cms-typed-client in this project to the version Strapi runs\.$/,
    );
  });
});

describe('unsupported Strapi versions', () => {
  const refused: [string, RegExp][] = [
    ['4.25.11', /needs Strapi 5 \(5\.0\.6 or later\); this is Strapi 4\.25\.11: use Strapi 5/],
    ['5.0.0', /needs Strapi 5\.0\.6 or later; this is Strapi 5\.0\.0: upgrade @strapi\/strapi/],
    ['5.0.5', /needs Strapi 5\.0\.6 or later; this is Strapi 5\.0\.5/],
    ['6.0.0', /needs Strapi 5 \(5\.0\.6 or later\); this is Strapi 6\.0\.0$/],
    ['five', /cannot read the Strapi version 'five'/],
  ];
  for (const [version, message] of refused) {
    it(`refuses ${version} at register, logging the reason`, () => {
      assert.match(unsupportedReason(version) ?? '', message);
      const errors: string[] = [];
      assert.throws(
        () =>
          checkStrapiVersion(strapiLike({ version, jwtManagement: 'legacy-support', routes: [], errors })),
        (error: Error) => error.message.startsWith('[cms-typed-client] ') && message.test(error.message),
      );
      assert.equal(errors.length, 1);
      assert.match(errors[0] ?? '', message);
    });
  }

  for (const version of ['5.0.6', '5.12.0', '5.54.0', '5.60.1', '5.55.0-beta.1']) {
    it(`accepts ${version}`, () => {
      assert.equal(unsupportedReason(version), undefined);
      checkStrapiVersion(strapiLike({ version, jwtManagement: 'legacy-support', routes: [] }));
    });
  }

  it('accepts a Strapi that does not say its version', () => {
    checkStrapiVersion(strapiLike({ jwtManagement: 'legacy-support', routes: [] }));
  });
});

describe('registration fields', () => {
  const USER = {
    username: { type: 'string', required: true },
    email: { type: 'email', required: true },
    password: { type: 'password', private: true },
    job: { type: 'string', required: true },
    level: { type: 'integer', required: true, default: 1 },
    picture: { type: 'media', multiple: false, required: true },
    mentor: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
      required: true,
    },
    motto: { type: 'string' },
  };
  const snapshot = (allowedFields: unknown, routes = LEGACY_ROUTES) =>
    takeSnapshot(strapiLike({ jwtManagement: 'legacy-support', routes, allowedFields, user: USER }));

  it('publishes register.allowedFields as Strapi reads it: strings, sorted, once, without the three it always allows', () => {
    assert.deepEqual(snapshot(['motto', 'job', 'email', 'job', 3, '']).schema.auth?.registerFields, [
      'job',
      'motto',
    ]);
    for (const unset of [undefined, null, 'job', { job: true }])
      assert.deepEqual(snapshot(unset).schema.auth?.registerFields, [], JSON.stringify(unset));
  });

  it('a required field registration may not send is a notice: no registration can succeed', () => {
    const [notice, ...rest] = snapshot(['motto']).strapi.notices;
    assert.deepEqual(rest, []);
    assert.equal(
      notice,
      'auth.register cannot succeed on this server: plugin::users-permissions.user requires "job", which ' +
        "users-permissions' register.allowedFields does not list, so Strapi refuses every registration " +
        '(400 "job must be defined."). Add it to register.allowedFields in the users-permissions config ' +
        '(config/plugins), or make it optional',
    );
  });

  it('no notice once it is allowed, for a field with a default, for required media and relations, or without the register route', () => {
    assert.deepEqual(snapshot(['job']).strapi.notices, []);
    const withoutRegister = LEGACY_ROUTES.filter((route) => route.handler !== 'auth.register');
    assert.deepEqual(snapshot([], withoutRegister).strapi.notices, []);
  });

  it('before Strapi 5.49.0, which stores such users with the field null, the notice says that instead', () => {
    const { strapi } = takeSnapshot(
      strapiLike({ version: '5.48.0', jwtManagement: 'legacy-support', routes: LEGACY_ROUTES, user: USER }),
    );
    assert.deepEqual(strapi.notices, [
      'auth.register stores users without "job" on this server: plugin::users-permissions.user requires it, but ' +
        "users-permissions' register.allowedFields does not list it, and Strapi before 5.49.0 (this is 5.48.0) does " +
        'not check users-permissions writes, so those users read back "job": null although the generated types ' +
        'say otherwise. Add it to register.allowedFields in the users-permissions config (config/plugins), or make ' +
        'it optional',
    ]);
    const newer = takeSnapshot(
      strapiLike({ version: '5.49.0', jwtManagement: 'legacy-support', routes: LEGACY_ROUTES, user: USER }),
    );
    assert.match(newer.strapi.notices[0] ?? '', /^auth\.register cannot succeed on this server/);
  });

  it('names every such field', () => {
    const user = { ...USER, city: { type: 'string', required: true } };
    const { strapi } = takeSnapshot(
      strapiLike({ jwtManagement: 'legacy-support', routes: LEGACY_ROUTES, user }),
    );
    assert.match(
      strapi.notices[0] ?? '',
      /requires "job" and "city", which .* Add them to register\.allowedFields .* or make them optional$/,
    );
  });

  it('the CLI refuses a malformed registerFields', () => {
    const { schema } = snapshot(['job']);
    assert.deepEqual(validateSchema(schema).auth?.registerFields, ['job']);
    for (const bad of ['job', [1], [''], null])
      assert.throws(
        () => validateSchema({ ...schema, auth: { ...schema.auth, registerFields: bad } }),
        /^SchemaError: auth\.registerFields must be an array of field names, not .*\. Re-fetch the schema from the plugin\.$/,
      );
  });
});

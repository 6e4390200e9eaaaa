/**
 * What users-permissions' `/auth/local/register` accepts besides `username`, `email` and
 * `password`: the fields its `register.allowedFields` lists (Strapi answers 400 "Invalid
 * parameters: <field>" to any other), and the notice for a user model that requires a field the
 * list leaves out: from Strapi 5.49.0 no registration can succeed (Strapi answers 400 "<field>
 * must be defined.", as on FoodAdvisor, whose user extension requires `job`); before, users are
 * stored without it.
 */
import type { CmsSchema } from '../schema/types.ts';
import type { StrapiPlugin } from './strapi.ts';
import { atLeast, VALIDATED_USERS_SINCE } from './version.ts';

/** The fields Strapi accepts at registration whatever the configuration says. */
const ALWAYS_ALLOWED = new Set(['username', 'email', 'password']);

/** Kinds Strapi's validation does not require on create (unless `strictRelations` is set). */
const NOT_ENFORCED = new Set(['relation', 'media']);

const USER = 'plugin::users-permissions.user';

/**
 * `register.allowedFields` as Strapi reads it (an array, or nothing allowed), the strings only,
 * without the fields always allowed, deduplicated and sorted.
 */
export function readRegisterFields(plugin: StrapiPlugin): string[] {
  const configured = plugin.config('register.allowedFields');
  if (!Array.isArray(configured)) return [];
  const fields = configured.filter(
    (field): field is string => typeof field === 'string' && field !== '' && !ALWAYS_ALLOWED.has(field),
  );
  return [...new Set(fields)].sort();
}

/**
 * The fields the user content type requires on create (required, no default, validated on
 * create) that registration may not send. Empty when the server has no register route.
 */
export function unregistrableFields(schema: CmsSchema): string[] {
  const auth = schema.auth;
  const user = schema.contentTypes[USER];
  if (!auth?.routes.register || !user) return [];
  const allowed = new Set(auth.registerFields ?? []);
  return Object.entries(user.attributes)
    .filter(
      ([name, attribute]) =>
        attribute.required === true &&
        attribute.default === undefined &&
        !NOT_ENFORCED.has(attribute.type) &&
        !ALWAYS_ALLOWED.has(name) &&
        !allowed.has(name),
    )
    .map(([name]) => name);
}

/**
 * The notice for `fields` (from unregistrableFields) on Strapi `version`, or none. From 5.49.0
 * Strapi refuses every registration without them; before, it stores the user with them null.
 */
export function registerNotice(fields: string[], version: string | null): string[] {
  if (fields.length === 0) return [];
  const quoted = fields.map((field) => JSON.stringify(field));
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const them = fields.length === 1 ? 'it' : 'them';
  const fix = `Add ${them} to register.allowedFields in the users-permissions config (config/plugins), or make ${them} optional`;
  if (atLeast(version, VALIDATED_USERS_SINCE)) {
    return [
      `auth.register cannot succeed on this server: ${USER} requires ${list}, which users-permissions' ` +
        `register.allowedFields does not list, so Strapi refuses ` +
        `every registration (400 "${fields[0]} must be defined."). ${fix}`,
    ];
  }
  return [
    `auth.register stores users without ${list} on this server: ${USER} requires ${them}, but users-permissions' ` +
      `register.allowedFields does not list ${them}, ` +
      `and Strapi before ${VALIDATED_USERS_SINCE} (this is ${version}) does not check users-permissions writes, ` +
      `so those users read back ${fields.map((field) => `${JSON.stringify(field)}: null`).join(', ')} although the ` +
      `generated types say otherwise. ${fix}`,
  ];
}

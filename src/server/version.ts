/**
 * Which Strapi versions the plugin runs on, read from the running server. The tested range
 * is 5.0.6 to 5.54.0 (test/versions); newer 5.x releases are accepted, anything below 5.0.6
 * and any other major is refused at register.
 */
import type { StrapiLike } from './strapi.ts';

/** The oldest Strapi the plugin supports: 5.0.0 to 5.0.5 do not boot reliably from npm. */
export const MIN_STRAPI_VERSION = '5.0.6';
/** users-permissions registers `/auth/refresh` and `/auth/logout` from this version. */
export const REFRESH_SINCE = '5.24.1';
/** users-permissions registers `/auth/sessions` from this version. */
export const SESSIONS_SINCE = '5.50.0';
/**
 * users-permissions writes users through the Document Service, which checks `required`, from
 * this version; before, it wrote to the database directly, and a registration without a
 * required field stored null.
 */
export const VALIDATED_USERS_SINCE = '5.49.0';

/**
 * The content manager's preview (`config/admin` `preview`) without a flag from this version;
 * 5.1.0 to 5.5.x have it behind `future.preview` in `config/features`.
 */
export const PREVIEW_SINCE = '5.6.0';
/** The first version with the preview behind its flag. */
export const PREVIEW_FLAGGED_SINCE = '5.1.0';

/** `[major, minor, patch]` of a `x.y.z` version (pre-release and build suffixes ignored). */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `version` is at least `since`; an unknown or unreadable version counts as the newest. */
export function atLeast(version: string | null, since: string): boolean {
  const parsed = version === null ? undefined : parseVersion(version);
  return (
    parsed === undefined || compareVersions(parsed, parseVersion(since) as [number, number, number]) >= 0
  );
}

/** The running Strapi's version (`strapi.config.info.strapi`), or null when it does not say. */
export function strapiVersion(strapi: StrapiLike): string | null {
  const version = strapi.config?.get('info.strapi');
  return typeof version === 'string' && version.length > 0 ? version : null;
}

/**
 * Why the plugin cannot run on this Strapi, or undefined when it can. An unreadable version
 * is not refused (the plugin cannot tell); a readable one must be 5.x from 5.0.6.
 */
export function unsupportedReason(version: string | null): string | undefined {
  if (version === null) return undefined;
  const parsed = parseVersion(version);
  const min = parseVersion(MIN_STRAPI_VERSION) as [number, number, number];
  if (!parsed)
    return `cannot read the Strapi version '${version}'; cms-typed-client needs Strapi 5 (5.0.6 or later)`;
  if (parsed[0] !== 5) {
    return `cms-typed-client needs Strapi 5 (5.0.6 or later); this is Strapi ${version}${parsed[0] < 5 ? ': use Strapi 5' : ''}`;
  }
  if (compareVersions(parsed, min) < 0) {
    return `cms-typed-client needs Strapi ${MIN_STRAPI_VERSION} or later; this is Strapi ${version}: upgrade @strapi/strapi and every @strapi/* package to the same 5.x version`;
  }
  return undefined;
}

/**
 * Refuses to start on a Strapi the plugin does not support (Strapi 4, 5.0.0 to 5.0.5): the
 * error is logged and thrown, so Strapi stops with it instead of misbehaving later.
 */
export function checkStrapiVersion(strapi: StrapiLike): void {
  const reason = unsupportedReason(strapiVersion(strapi));
  if (reason === undefined) return;
  const message = `[cms-typed-client] ${reason}`;
  strapi.log.error(message);
  throw new Error(message);
}

/**
 * The plugin's options (`config/plugins.*` -> `'cms-typed-client': { config: {...} }`).
 * Strapi merges the user's values over `default` and then calls `validator`, which fails the
 * boot with a message that names the option, the value and the fix.
 */
export interface PluginConfig {
  /**
   * Require `Authorization: Bearer <API token>` on every endpoint.
   * @default true when NODE_ENV is 'production', false otherwise
   */
  requireAuth: boolean;
  /**
   * Milliseconds between heartbeat comments on `/schema-watch`; below most proxies' idle timeouts.
   * @default 15000
   */
  heartbeatInterval: number;
  /**
   * Open `/schema-watch` streams allowed at once; one more is answered 503 with `Retry-After`.
   * @default 2000
   */
  maxWatchClients: number;
}

export const CONFIG_KEYS = ['requireAuth', 'heartbeatInterval', 'maxWatchClients'] as const;

export function defaultConfig({ env }: { env: (key: string) => string | undefined }): PluginConfig {
  return {
    requireAuth: env('NODE_ENV') === 'production',
    heartbeatInterval: 15_000,
    maxWatchClients: 2_000,
  };
}

const PREFIX = 'cms-typed-client: invalid plugin config in config/plugins';

/** Throws when a config value cannot work; Strapi stops the boot and prints the message. */
export function validateConfig(config: unknown): void {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new Error(`${PREFIX}: 'config' must be an object, e.g. { requireAuth: true }.`);
  }
  const record = config as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      throw new Error(`${PREFIX}: unknown option '${key}'. Known options: ${CONFIG_KEYS.join(', ')}.`);
    }
  }
  if (typeof record.requireAuth !== 'boolean') {
    throw new Error(
      `${PREFIX}: 'requireAuth' must be true or false, got ${describe(record.requireAuth)}. ` +
        `Use a boolean, e.g. requireAuth: env.bool('CMS_TYPES_REQUIRE_AUTH', true).`,
    );
  }
  integerOption(record, 'heartbeatInterval', 1_000, 3_600_000);
  integerOption(record, 'maxWatchClients', 1, 1_000_000);
}

function integerOption(record: Record<string, unknown>, key: string, min: number, max: number): void {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${PREFIX}: '${key}' must be a whole number from ${min} to ${max}, got ${describe(value)}.`,
    );
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
}

export default { default: defaultConfig, validator: validateConfig };

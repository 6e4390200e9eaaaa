/**
 * The Strapi server entry (`cms-typed-client/strapi-server`). Strapi discovers the package
 * through `strapi.kind: 'plugin'` in its package.json and loads this object.
 */
import config, { type PluginConfig } from './config.ts';
import { createController } from './controller.ts';
import routes from './plugin-routes.ts';
import { type Snapshot, takeSnapshot } from './read-schema.ts';
import type { PluginState } from './state.ts';
import type { StrapiLike } from './strapi.ts';
import { checkStrapiVersion } from './version.ts';
import { WatchHub } from './watch-hub.ts';

const PLUGIN = 'cms-typed-client';

let current: Snapshot | undefined;
let hub: WatchHub | undefined;
let pluginConfig: PluginConfig | undefined;

const state: PluginState = {
  get config() {
    if (!pluginConfig) throw new Error(`${PLUGIN}: used before Strapi's bootstrap`);
    return pluginConfig;
  },
  get hub() {
    if (!hub) throw new Error(`${PLUGIN}: used before Strapi's bootstrap`);
    return hub;
  },
  snapshot() {
    if (!current) throw new Error(`${PLUGIN}: used before Strapi's bootstrap`);
    return current;
  },
};

function readConfig(strapi: StrapiLike): PluginConfig {
  const plugin = strapi.plugin(PLUGIN);
  return {
    requireAuth: plugin?.config('requireAuth') === true,
    heartbeatInterval: Number(plugin?.config('heartbeatInterval')),
    maxWatchClients: Number(plugin?.config('maxWatchClients')),
  };
}

export default {
  register({ strapi }: { strapi: StrapiLike }) {
    checkStrapiVersion(strapi);
  },
  bootstrap({ strapi }: { strapi: StrapiLike }) {
    pluginConfig = readConfig(strapi);
    current = takeSnapshot(strapi);
    hub = new WatchHub({
      heartbeatInterval: pluginConfig.heartbeatInterval,
      maxClients: pluginConfig.maxWatchClients,
    });
    strapi.log.info(
      `[${PLUGIN}] schema hash ${current.hash.slice(0, 12)}, requireAuth ${pluginConfig.requireAuth}`,
    );
    for (const notice of current.strapi.notices) strapi.log.warn(`[${PLUGIN}] ${notice}`);
  },
  destroy() {
    hub?.close();
    hub = undefined;
    current = undefined;
  },
  config,
  routes,
  controllers: { schema: ({ strapi }: { strapi: StrapiLike }) => createController({ strapi, state }) },
  services: {
    /** `strapi.plugin('cms-typed-client').service('status').get()`: the live hash and open watch streams. */
    status: () => ({ get: () => ({ hash: current?.hash ?? null, watchClients: hub?.size ?? 0 }) }),
  },
  policies: {},
  middlewares: {},
  contentTypes: {},
};

/** What the plugin holds between bootstrap and destroy. */
import type { PluginConfig } from './config.ts';
import type { Snapshot } from './read-schema.ts';
import type { WatchHub } from './watch-hub.ts';

export interface PluginState {
  config: PluginConfig;
  hub: WatchHub;
  /** The schema read at bootstrap; throws before bootstrap has run. */
  snapshot(): Snapshot;
}

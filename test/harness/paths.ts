import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = join(ROOT, '.cache');
export const APP_TEMPLATE = join(ROOT, 'test', 'strapi', 'app');
/** The content types and components the `validation` variant adds to the kitchen-sink app. */
export const VALIDATION_SCHEMAS = join(ROOT, 'test', 'strapi', 'validation');
export const DEPS_DIR = join(CACHE, 'strapi-deps');
export const APPS_DIR = join(CACHE, 'strapi-apps');
export const PACK_DIR = join(CACHE, 'pack');
/** The clean copy of the working tree that is packed into PACK_DIR. */
export const PACK_TREE = join(CACHE, 'pack-tree');
/** LaunchPad's content types and components, kept in the repository (see its README). */
export const LAUNCHPAD_SCHEMAS = join(ROOT, 'test', 'fixtures', 'schemas', 'launchpad');
/** FoodAdvisor's content types, components and users-permissions extension (see the same README). */
export const FOODADVISOR_SCHEMAS = join(ROOT, 'test', 'fixtures', 'schemas', 'foodadvisor');

/**
 * Builds the package into dist/:
 * - dist/server/index.js: the Strapi plugin entry, CommonJS (Strapi's loader requires a `.js`
 *   file and ignores `.cjs`), with a package.json that marks the folder CommonJS.
 * - dist/server/preview.js: `cmsPreview` for `config/admin` (`cms-typed-client/strapi-preview`).
 * - dist/cli/main.js: the `cms-types` command, ESM.
 * - dist/runtime/: the client runtime (src/runtime) as the generator copies it into every
 *   output's `runtime/` folder: `js/` (the core, the parts it loads on first use, their shared
 *   chunks and the core's declarations), `ts/` (the modules), and surface.json, what the core
 *   exports and which parts it loads (scripts/runtime-build.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildRuntime } from './runtime-build.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'server'), { recursive: true });

/** The server's bundles: CommonJS for Node, as Strapi loads plugins and config files. */
const serverBundle = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
} as const;
await build({
  ...serverBundle,
  entryPoints: [join(root, 'src/server/index.ts')],
  outfile: join(dist, 'server/index.js'),
  // Strapi reads the default export; the `0 &&` line names the exports for Node's CommonJS
  // lexer, so `import { register } from 'cms-typed-client/strapi-server'` works too.
  footer: {
    js: 'module.exports = module.exports.default;\n0 && (module.exports = { register, bootstrap, destroy, config, routes, controllers });',
  },
});
// `cms-typed-client/strapi-preview`: cmsPreview for a Strapi app's config/admin (CommonJS, as
// Strapi loads config files), with its declarations.
await build({
  ...serverBundle,
  entryPoints: [join(root, 'src/server/preview-config.ts')],
  outfile: join(dist, 'server/preview.js'),
});
await build({
  entryPoints: [join(root, 'src/cli/main.ts')],
  outfile: join(dist, 'cli/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
});
writeFileSync(join(dist, 'server/package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
writeFileSync(
  join(dist, 'server/index.d.ts'),
  [
    '/** The cms-typed-client Strapi plugin server object (loaded by Strapi, not by applications). */',
    'declare const plugin: {',
    '  register(): void;',
    '  bootstrap(context: { strapi: unknown }): void;',
    '  destroy(): void;',
    '  config: { default: (context: { env: (key: string) => string | undefined }) => Record<string, unknown>; validator: (config: unknown) => void };',
    '  routes: Record<string, unknown>;',
    '  controllers: Record<string, unknown>;',
    '};',
    'export = plugin;',
    '',
  ].join('\n'),
);

writeFileSync(
  join(dist, 'server/preview.d.ts'),
  [
    '/** cmsPreview for a Strapi app\'s config/admin: see the README, "Preview and draft mode". */',
    'export interface CmsPreviewOptions {',
    "  /** The frontend's address, e.g. `https://www.example.com`. */",
    '  url: string | undefined;',
    "  /** The preview secret the frontend's `handleCmsPreview` checks. */",
    '  secret: string | undefined;',
    "  /** The page of each content type with a preview, by uid: `{ 'api::article.article': '/blog/{slug}' }`. */",
    '  paths: Readonly<Record<string, string>>;',
    '  /** The frontend route that runs `handleCmsPreview`; default `/api/preview`. */',
    '  route?: string;',
    '}',
    '/** The `preview` block of `config/admin`. */',
    'export declare function cmsPreview(options: CmsPreviewOptions): {',
    '  enabled: boolean;',
    '  config?: {',
    '    allowedOrigins: string[];',
    '    handler: (uid: string, request: { documentId: string; locale?: string | null; status?: string | null }) => Promise<string | null>;',
    '  };',
    '};',
    '',
  ].join('\n'),
);

await buildRuntime(join(root, 'src/runtime'), join(dist, 'runtime'));

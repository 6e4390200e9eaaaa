/**
 * Builds the package into dist/:
 * - dist/server/index.js: the Strapi plugin entry, CommonJS (Strapi's loader requires a `.js`
 *   file and ignores `.cjs`), with a package.json that marks the folder CommonJS.
 * - dist/cli/main.js: the `cms-types` command, ESM.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'server'), { recursive: true });

await build({
  entryPoints: [join(root, 'src/server/index.ts')],
  outfile: join(dist, 'server/index.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  footer: { js: 'module.exports = module.exports.default;' },
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

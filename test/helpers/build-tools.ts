/**
 * The front-end tools the `--format ts` output must build with (Next.js, React, Vite,
 * TypeScript), installed once into .cache/build-tools/<versions> from the npm registry at
 * pinned versions (Next and React as examples/nextjs uses them), and the small helpers the
 * build tests share: the tools' environment and a Strapi-shaped HTTP server.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { CACHE, ROOT } from '../harness/paths.ts';
import { run } from './run.ts';

const nextExample = JSON.parse(readFileSync(join(ROOT, 'examples', 'nextjs', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/**
 * Exact versions: Next, React and their types as in examples/nextjs, Vite's latest release, and
 * ESLint with create-next-app's config as this package's devDependencies pin them (the config
 * loads Next's own parser, so it is installed beside Next).
 */
export const TOOL_VERSIONS: Record<string, string> = {
  next: nextExample.dependencies.next ?? '',
  react: nextExample.dependencies.react ?? '',
  'react-dom': nextExample.dependencies['react-dom'] ?? '',
  '@types/node': nextExample.devDependencies['@types/node'] ?? '',
  '@types/react': nextExample.devDependencies['@types/react'] ?? '',
  '@types/react-dom': nextExample.devDependencies['@types/react-dom'] ?? '',
  typescript: nextExample.devDependencies.typescript ?? '',
  vite: '8.3.8',
  eslint: rootManifest.devDependencies.eslint ?? '',
  'eslint-config-next': rootManifest.devDependencies['eslint-config-next'] ?? '',
};

/** The environment the tools run in: this process's, without colours, and `env` over it. */
export function toolEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env };
}

/**
 * The folder holding node_modules with {@link TOOL_VERSIONS}, installed on first use (one
 * `npm install`, about 15 s) and reused while the versions stay the same.
 */
export async function toolsDir(): Promise<string> {
  for (const [name, version] of Object.entries(TOOL_VERSIONS))
    if (!/^\d+\.\d+\.\d+$/.test(version))
      throw new Error(`${name} is not pinned to an exact version: '${version}'`);
  const manifest = `${JSON.stringify({ name: 'cms-build-tools', private: true, type: 'module', dependencies: TOOL_VERSIONS }, null, 2)}\n`;
  const key = createHash('sha256').update(manifest).digest('hex').slice(0, 12);
  const dir = join(CACHE, 'build-tools', key);
  const marker = join(dir, 'node_modules', '.cms-installed');
  if (existsSync(marker)) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), manifest);
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: toolEnv(),
  });
  if (install.code !== 0) throw new Error(`npm install of the build tools failed:\n${install.output}`);
  writeFileSync(marker, manifest);
  return dir;
}

/** One entry as Strapi 5 returns it for `GET /api/tags?fields[0]=name`. */
export const TAG = { id: 1, documentId: 'tg1bq4xk0t7u2w3e5r6y8i9o', name: 'typed-from-format-ts' };

/**
 * A stand-in for Strapi's REST API that answers every GET with one page of {@link TAG}
 * (`{data, meta: {pagination}}`), on 127.0.0.1. Records the request paths.
 */
export async function strapiShapedServer(): Promise<{
  url: string;
  paths: string[];
  close(): Promise<void>;
}> {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(
      JSON.stringify({
        data: [TAG],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

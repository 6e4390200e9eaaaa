/** The machine and the tool versions a run comes from, printed first and kept in the JSON. */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { NODE_MODULES, ROOT, STRAPI_DEPS } from './paths.ts';

export interface Environment {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** 1-minute load average when the run started: other work on the machine skews figures. */
  loadAverage: number;
  versions: Record<string, string>;
}

function version(dir: string): string {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

export function environment(): Environment {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${platform()} ${release()}`,
    node: process.version,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    versions: {
      'cms-typed-client': version(ROOT),
      'strapi-typed-client': version(join(NODE_MODULES, 'strapi-typed-client')),
      '@strapi/typescript-utils': version(join(STRAPI_DEPS, '@strapi', 'typescript-utils')),
      '@strapi/strapi': version(join(STRAPI_DEPS, '@strapi', 'strapi')),
      '@strapi/client': version(join(NODE_MODULES, '@strapi', 'client')),
      'openapi-fetch': version(join(NODE_MODULES, 'openapi-fetch')),
      qs: version(join(NODE_MODULES, 'qs')),
      typescript: version(join(NODE_MODULES, 'typescript')),
      esbuild: version(join(NODE_MODULES, 'esbuild')),
      autocannon: version(join(NODE_MODULES, 'autocannon')),
      zod: version(join(NODE_MODULES, 'zod')),
    },
  };
}

export function formatEnvironment(env: Environment): string {
  const tools = Object.entries(env.versions)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return [
    `Machine: ${env.cpu}, ${env.cores} cores, ${env.memoryGb} GB RAM, ${env.os}`,
    `Node ${env.node}; load average at start ${env.loadAverage}`,
    `Tools: ${tools}`,
  ].join('\n');
}

/**
 * Budget 4, bundle size: each client as a browser app bundles it (esbuild, minified, ES2020),
 * gzipped; and what a page that calls only `find` and `findOne` loads first, with the code
 * splitting app bundlers do (auth, upload, the session and failure explanations load on use). Ours and strapi-typed-client's generated clients at N=5 and N=100 (the whole client
 * class, every collection included); `@strapi/client` and `openapi-fetch` (schema-independent
 * runtimes) for scale.
 */
import { join } from 'node:path';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import {
  bundleSize,
  capabilitySizes,
  findOnlyApp,
  ourClientSize,
  runtimeBreakdown,
  splitBundleSize,
} from '../lib/bundle-size.ts';
import { ROOT } from '../lib/paths.ts';
import { type Cell, type Check, check, ratio, type Table } from '../lib/report.ts';

export const bundle: Benchmark = {
  id: 'bundle',
  title: 'Budget 4: client bundle size (minified + gzip)',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const strapiClient = await bundleSize("export { strapi } from '@strapi/client';\n", ROOT);
    const openapiFetch = await bundleSize("export { default } from 'openapi-fetch';\n", ROOT);
    const sizes = context.quick ? [5] : [5, 100];
    const rows: Record<string, Cell>[] = [];
    const checks: Check[] = [];
    let peerAtFive = 0;
    for (const n of sizes) {
      const ourDir = context.ourOutput(n, 'js');
      const ours = await ourClientSize(ourDir);
      const findOnly = await splitBundleSize(findOnlyApp(ourDir), ourDir);
      // Its `ts` output, bundled by esbuild, is the code its `js` output holds (tsc emit of the same source).
      const peerDir = await context.peerOutput(n, 'ts');
      const peer = await bundleSize("export { StrapiClient } from './index';\n", peerDir);
      context.log(
        `bundle N=${n}: ours ${ours.gzip} B (find/findOne app first load ${findOnly.initial.gzip} B), strapi-typed-client ${peer.gzip} B gzip`,
      );
      if (n === 5) peerAtFive = peer.gzip;
      rows.push({
        workload: `N=${n}`,
        findOnly: findOnly.initial.gzip / 1024,
        findOnlyEntry: findOnly.entry.gzip / 1024,
        ours: ours.gzip / 1024,
        oursMin: ours.minified / 1024,
        peer: peer.gzip / 1024,
        peerRatio: ratio(peer.gzip, ours.gzip),
        strapiClient: strapiClient.gzip / 1024,
        strapiRatio: ratio(strapiClient.gzip, ours.gzip),
        openapi: openapiFetch.gzip / 1024,
        openapiRatio: ratio(openapiFetch.gzip, ours.gzip),
      });
      checks.push(
        check(
          `N=${n} an app calling only find and findOne loads <= 5 KB first`,
          findOnly.initial.gzip / 1024,
          5,
          'kb',
        ),
      );
      if (n === 5) {
        checks.push(
          check('N=5 the whole client with auth and session <= 12.75 KB', ours.gzip / 1024, 12.75, 'kb'),
        );
      }
    }
    const tables: Table[] = [
      {
        title:
          'Browser bundle of the client (esbuild --minify, ES2020, then gzip -9), KB; "find/findOne app" = what a page calling only find and findOne on two collection types loads first (code splitting, as Next.js and Vite do); "ours" = the whole client, every lazily loaded part included; ratio = peer / ours',
        columns: [
          { key: 'workload', label: 'Schema', unit: 'text' },
          { key: 'findOnly', label: 'find/findOne app', unit: 'kb' },
          { key: 'findOnlyEntry', label: 'of which the entry chunk (app + generated client)', unit: 'kb' },
          { key: 'ours', label: 'ours gzip', unit: 'kb' },
          { key: 'oursMin', label: 'ours min', unit: 'kb' },
          { key: 'peer', label: 'strapi-typed-client', unit: 'kb' },
          { key: 'peerRatio', label: 'ratio', unit: 'x' },
          { key: 'strapiClient', label: '@strapi/client', unit: 'kb' },
          { key: 'strapiRatio', label: 'ratio', unit: 'x' },
          { key: 'openapi', label: 'openapi-fetch', unit: 'kb' },
          { key: 'openapiRatio', label: 'ratio', unit: 'x' },
        ],
        rows,
      },
    ];
    const capabilities = await capabilitySizes(ROOT);
    tables.push({
      title:
        "Capabilities beyond strapi-typed-client's client, bundled alone (KB); ratio = its whole N=5 client / the capability",
      columns: [
        { key: 'capability', label: 'Capability', unit: 'text' },
        { key: 'requiredBy', label: 'Required by', unit: 'text' },
        { key: 'gzip', label: 'gzip', unit: 'kb' },
        { key: 'minified', label: 'min', unit: 'kb' },
        { key: 'peerRatio', label: 'ratio', unit: 'x' },
      ],
      rows: capabilities.map((entry) => ({
        capability: entry.label,
        requiredBy: entry.requiredBy,
        gzip: entry.gzip / 1024,
        minified: entry.minified / 1024,
        peerRatio: ratio(peerAtFive, entry.gzip),
      })),
    });
    if (!context.quick) {
      const modules = await runtimeBreakdown(ROOT);
      const total = modules.reduce((sum, entry) => sum + entry.bytes, 0);
      tables.push({
        title:
          'Where our bytes go: src/runtime modules in a minified bundle of all of them (esbuild metafile)',
        columns: [
          { key: 'module', label: 'Module', unit: 'text' },
          { key: 'bytes', label: 'minified', unit: 'bytes' },
          { key: 'share', label: 'share', unit: 'text' },
        ],
        rows: modules.map((entry) => ({
          module: entry.module,
          bytes: entry.bytes,
          share: `${((entry.bytes / total) * 100).toFixed(0)}%`,
        })),
      });
    }
    return {
      tables,
      checks,
      notes: [
        `Entries: ours \`export { CmsClient } from './index.js'\` (${join('.cache', 'bench', 'ours')}); ` +
          "strapi-typed-client `export { StrapiClient }` from its generated client; `export { strapi } from '@strapi/client'`; " +
          "`export { default } from 'openapi-fetch'` (a typed fetch wrapper with no per-schema code, for scale).",
      ],
    };
  },
};

/**
 * Budget 1, codegen. The generation step (parsed payload -> files on disk, in process) of ours,
 * strapi-typed-client and Strapi's own type generator on the synthetic schemas (N = 5, 20, 100,
 * 1000) and the real LaunchPad payload; then whole CLI runs (process start, fetch from the
 * loopback schema server, generate, write) of both CLIs, and ours once against the real Strapi.
 */
import type { OutputFormat } from '../../src/codegen/output-files.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { benchProject, ourCli, peerCli } from '../lib/cli.ts';
import type { Context } from '../lib/context.ts';
import {
  emptyDir,
  generateOurs,
  generatePeer,
  generateStrapi,
  scratch,
  strapiTypegen,
} from '../lib/generators.ts';
import { measure, type Sample } from '../lib/measure.ts';
import { type Cell, type Check, check, ratio, round, type Table } from '../lib/report.ts';
import { describePayload, fixturePayload } from '../lib/synthetic.ts';

interface Workload {
  label: string;
  /** N, or null for a real payload. */
  n: number | null;
  payload: SchemaResponse;
}

/** Runs per tool and size: the peer takes ~50 s at N=100 and grows faster than N. */
interface Plan {
  ours: { warmup: number; runs: number };
  peer: { ts: number; js: number; warmup: number };
  strapi: { warmup: number; runs: number } | null;
}

function plan(workload: Workload, quick: boolean): Plan {
  const n = workload.n;
  if (quick)
    return { ours: { warmup: 1, runs: 3 }, peer: { ts: n === 5 ? 1 : 0, js: 0, warmup: 0 }, strapi: null };
  if (n === 1000)
    return {
      ours: { warmup: 1, runs: 5 },
      peer: { ts: 0, js: 0, warmup: 0 },
      strapi: { warmup: 0, runs: 1 },
    };
  if (n === 100)
    return {
      ours: { warmup: 2, runs: 7 },
      peer: { ts: 1, js: 0, warmup: 0 },
      strapi: { warmup: 0, runs: 3 },
    };
  if (n === 5)
    return {
      ours: { warmup: 2, runs: 7 },
      peer: { ts: 3, js: 3, warmup: 1 },
      strapi: { warmup: 1, runs: 3 },
    };
  return { ours: { warmup: 2, runs: 7 }, peer: { ts: 2, js: 2, warmup: 0 }, strapi: { warmup: 0, runs: 3 } };
}

const msOf = (sample: Sample | null) => (sample ? round(sample.median) : null);

async function generationStep(context: Context): Promise<{ table: Table; checks: Check[]; notes: string[] }> {
  const sizes = context.quick ? [5, 20] : [5, 20, 100, 1000];
  const workloads: Workload[] = sizes.map((n) => ({ label: `N=${n}`, n, payload: context.payload(n) }));
  if (!context.quick)
    workloads.push({ label: 'LaunchPad (real)', n: null, payload: fixturePayload('launchpad') });
  const rows: Record<string, Cell>[] = [];
  const ours: Record<string, { js: number; ts: number; perType: number }> = {};
  const peers: Record<string, number | null> = {};
  const notes: string[] = [];
  // Ours first, at every size, so the peers' heaps do not slow it down.
  for (const workload of workloads) {
    const runs = plan(workload, context.quick).ours;
    const dir = scratch('codegen', 'ours');
    const js = await measure(() => generateOurs(workload.payload, dir, 'js'), runs);
    const ts = await measure(() => generateOurs(workload.payload, dir, 'ts'), runs);
    const { collections, singles } = describePayload(workload.payload);
    ours[workload.label] = { js: js.median, ts: ts.median, perType: js.median / (collections + singles) };
    context.log(
      `codegen ${workload.label}: ours ${js.median.toFixed(1)} ms (js), ${ts.median.toFixed(1)} ms (ts)`,
    );
  }
  for (const workload of workloads) {
    const p = plan(workload, context.quick);
    const peer: Record<OutputFormat, Sample | null> = { ts: null, js: null };
    for (const format of ['ts', 'js'] as const) {
      const runs = p.peer[format];
      if (runs === 0) continue;
      const dir =
        workload.n !== null
          ? context.peerOutputDir(workload.n, format)
          : scratch('codegen', `peer-${format}`);
      peer[format] = await measure(
        async () => {
          emptyDir(dir);
          await generatePeer(workload.payload, dir, format);
        },
        { warmup: p.peer.warmup, runs },
      );
      if (workload.n !== null) context.markPeerOutput(workload.n, format);
      context.log(
        `codegen ${workload.label}: strapi-typed-client ${format} ${peer[format]?.median.toFixed(0)} ms`,
      );
    }
    let strapi: Sample | null = null;
    if (p.strapi && strapiTypegen()) {
      const dir = scratch('codegen', 'strapi');
      strapi = await measure(() => generateStrapi(workload.payload, dir), p.strapi);
      context.log(`codegen ${workload.label}: @strapi/typescript-utils ${strapi.median.toFixed(0)} ms`);
    }
    const mine = ours[workload.label]!;
    const { collections, singles, components } = describePayload(workload.payload);
    peers[workload.label] = msOf(peer.ts);
    rows.push({
      workload: workload.label,
      types: `${collections}+${singles}/${components}`,
      oursJs: round(mine.js),
      oursTs: round(mine.ts),
      perType: round(mine.perType),
      peerTs: msOf(peer.ts),
      peerTsRatio: ratio(peer.ts?.median, mine.ts),
      peerJs: msOf(peer.js),
      peerJsRatio: ratio(peer.js?.median, mine.js),
      strapi: msOf(strapi),
      strapiRatio: ratio(strapi?.median, mine.js),
    });
  }
  if (!context.quick) {
    notes.push(
      'strapi-typed-client builds its code with ts-morph, and its time grows faster than N (see the table; ' +
        'a separate run took 16 s at N=50), so it runs once at N=100 (ts format; its js format adds a tsc emit ' +
        'on top) and not at N=1000 (extrapolated: over an hour).',
      "@strapi/typescript-utils is run on a registry object built from the same schema (Strapi's raw content types " +
        'with the system attributes Strapi adds at boot): generators.generate() only reads strapi.contentTypes and ' +
        'strapi.components, so no boot is needed. It writes only the schema declarations (contentTypes.d.ts, ' +
        'components.d.ts) and formats them with prettier; it generates no client.',
    );
  }
  const checks: Check[] = [];
  const n100 = ours['N=100'];
  const n1000 = ours['N=1000'];
  if (n100) {
    checks.push(check('N=100 generation step (js, default) < 300 ms', n100.js, 300, 'ms'));
    const peer100 = peers['N=100'];
    if (peer100 != null)
      checks.push(
        check('N=100 strapi-typed-client / ours (ts format) >= 100x', peer100 / n100.ts, 100, 'x', true),
      );
  }
  if (n1000) {
    checks.push(check('N=1000 generation step (js) < 3 s', n1000.js, 3000, 'ms'));
    if (n100)
      checks.push(
        check('linear: per-type cost at N=1000 / at N=100 <= 1.5', n1000.perType / n100.perType, 1.5, 'x'),
      );
  }
  return {
    table: {
      title: 'Generation step (payload -> files on disk, in process), median ms',
      columns: [
        { key: 'workload', label: 'Schema', unit: 'text' },
        { key: 'types', label: 'Coll+single/comp', unit: 'text' },
        { key: 'oursJs', label: 'ours js', unit: 'ms' },
        { key: 'oursTs', label: 'ours ts', unit: 'ms' },
        { key: 'perType', label: 'ours per type', unit: 'ms' },
        { key: 'peerTs', label: 'strapi-typed-client ts', unit: 'ms' },
        { key: 'peerTsRatio', label: 'ratio', unit: 'x' },
        { key: 'peerJs', label: 'strapi-typed-client js', unit: 'ms' },
        { key: 'peerJsRatio', label: 'ratio', unit: 'x' },
        { key: 'strapi', label: '@strapi/typescript-utils', unit: 'ms' },
        { key: 'strapiRatio', label: 'ratio', unit: 'x' },
      ],
      rows,
    },
    checks,
    notes,
  };
}

/** Whole `generate --force` runs against the loopback server (and ours once against Strapi). */
async function cliRuns(context: Context): Promise<{ table: Table; notes: string[] }> {
  const server = await context.schemaServer();
  const project = benchProject('codegen-cli');
  const rows: Record<string, Cell>[] = [];
  for (const n of [5, 20, 100, 1000]) {
    server.serve(context.payload(n));
    const args = ['generate', '--url', server.url, '--output', 'src/cms', '--force'];
    await ourCli(args, project);
    const ours = await measure(() => ourCli(args, project), { warmup: 1, runs: n === 1000 ? 3 : 5 });
    let peer: Sample | null = null;
    if (n <= 20) {
      const peerArgs = ['generate', '--url', server.url, '--output', 'src/peer', '--force', '--silent'];
      peer = await measure(() => peerCli(peerArgs, project), { warmup: 0, runs: n === 5 ? 2 : 1 });
    }
    context.log(
      `cli N=${n}: ours ${ours.median.toFixed(0)} ms, strapi-types ${peer?.median.toFixed(0) ?? '-'} ms`,
    );
    rows.push({
      workload: `N=${n} (loopback)`,
      ours: round(ours.median),
      peer: msOf(peer),
      ratio: ratio(peer?.median, ours.median),
    });
  }
  const notes: string[] = [];
  if (context.strapiAllowed) {
    const strapi = await context.strapi();
    const args = ['generate', '--url', strapi.url, '--output', 'src/real', '--force'];
    await ourCli(args, project);
    const ours = await measure(() => ourCli(args, project), { warmup: 1, runs: 5 });
    rows.push({ workload: 'real test Strapi (kitchen)', ours: round(ours.median), peer: null, ratio: null });
    notes.push(
      'strapi-typed-client is not installed in the test Strapi, so only ours runs against it; its CLI runs ' +
        'against the loopback server, which answers on its plugin paths. It is not run at N >= 100 (see above).',
    );
  }
  return {
    table: {
      title: '`generate --force` as a user runs it (process start, fetch, generate, write), median wall ms',
      columns: [
        { key: 'workload', label: 'Schema and server', unit: 'text' },
        { key: 'ours', label: 'cms-types generate', unit: 'ms' },
        { key: 'peer', label: 'strapi-types generate', unit: 'ms' },
        { key: 'ratio', label: 'ratio', unit: 'x' },
      ],
      rows,
    },
    notes,
  };
}

export const codegen: Benchmark = {
  id: 'codegen',
  title: 'Budget 1: codegen speed',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const step = await generationStep(context);
    const tables = [step.table];
    const notes = [...step.notes];
    if (!context.quick) {
      try {
        const cli = await cliRuns(context);
        tables.push(cli.table);
        notes.push(...cli.notes);
      } catch (error) {
        notes.push(`The CLI runs failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { tables, checks: step.checks, notes };
  },
};

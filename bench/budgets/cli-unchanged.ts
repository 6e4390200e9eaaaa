/**
 * Budget 2, `cms-types generate` when the hash is unchanged: the whole command as a user runs
 * it (a new Node process that asks `/schema-hash`, compares and writes nothing), against a bare
 * `node -e 0` start on the same machine and strapi-typed-client's unchanged path, interleaved.
 */
import assert from 'node:assert/strict';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { bareNode, benchProject, ourCli, peerCli } from '../lib/cli.ts';
import { interleave, summarize } from '../lib/measure.ts';
import { check, ratio, round } from '../lib/report.ts';

/** The schema size does not matter on this path (only the hash is fetched); N=20 keeps the peer's first generation short. */
const N = 20;

export const cliUnchanged: Benchmark = {
  id: 'cli',
  title: 'Budget 2: `generate` with an unchanged hash',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const server = await context.schemaServer();
    server.serve(context.payload(N));
    const project = benchProject('cli-unchanged');
    const ours = ['generate', '--url', server.url, '--output', 'src/cms'];
    const peer = ['generate', '--url', server.url, '--output', 'src/peer'];
    await ourCli(ours, project);
    await peerCli([...peer, '--silent'], project);
    const first = await ourCli(ours, project);
    assert.match(
      first.stdout,
      /Schema unchanged/,
      `cms-types did not take the unchanged path:\n${first.stdout}`,
    );
    const peerFirst = await peerCli(peer, project);
    assert.match(
      peerFirst.stdout,
      /up to date/,
      `strapi-types did not take the unchanged path:\n${peerFirst.stdout}`,
    );
    const schemaCalls = server.requests.get('/api/cms-typed-client/schema') ?? 0;
    const rounds = context.quick ? 3 : 15;
    const wall = async (run: Promise<{ wall: number }>) => (await run).wall;
    const times = await interleave(
      {
        node: () => wall(bareNode()),
        ours: () => wall(ourCli(ours, project)),
        peer: () => wall(peerCli(peer, project)),
      },
      rounds,
    );
    assert.equal(server.requests.get('/api/cms-typed-client/schema') ?? 0, schemaCalls, 'no /schema request');
    const node = summarize(times.node);
    const mine = summarize(times.ours);
    const theirs = summarize(times.peer);
    context.log(
      `unchanged: node ${node.median.toFixed(0)} ms, ours ${mine.median.toFixed(0)} ms, peer ${theirs.median.toFixed(0)} ms`,
    );
    return {
      tables: [
        {
          title: `Unchanged hash, whole command, median wall ms of ${rounds} interleaved runs (min-max)`,
          columns: [
            { key: 'subject', label: 'Command', unit: 'text' },
            { key: 'median', label: 'median', unit: 'ms' },
            { key: 'range', label: 'min-max', unit: 'text' },
            { key: 'vsNode', label: 'x node -e 0', unit: 'x' },
            { key: 'vsOurs', label: 'x ours', unit: 'x' },
          ],
          rows: [
            ['cms-types generate (ours)', mine],
            ['strapi-types generate', theirs],
            ['node -e 0 (floor)', node],
          ].map(([subject, sample]) => {
            const s = sample as typeof node;
            return {
              subject: subject as string,
              median: round(s.median),
              range: `${s.min.toFixed(0)}-${s.max.toFixed(0)} ms`,
              vsNode: ratio(s.median, node.median),
              vsOurs: ratio(s.median, mine.median),
            };
          }),
        },
      ],
      checks: [
        check('unchanged `generate` < 150 ms wall', mine.median, 150, 'ms'),
        check('unchanged `generate` <= 3x `node -e 0`', mine.median / node.median, 3, 'x'),
      ],
      notes: [
        `Both CLIs run against the loopback schema server (N=${N}; only the hash is fetched on this path). ` +
          'Each run is a new process, timed from spawn to exit.',
      ],
    };
  },
};

/**
 * Budget 5, query serialization: operations per second over a realistic query set of ours
 * (`toQueryString` from a generated runtime/index.js), `qs.stringify` with `encodeValuesOnly` (what
 * Strapi's docs and @strapi/client use) and strapi-typed-client's `stringifyQuery` (the function
 * its generated client inlines); each output parsed back by qs with Strapi's options.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import qs from 'qs';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { interleave, median } from '../lib/measure.ts';
import { PEER_DIR } from '../lib/paths.ts';
import { QUERY_SET, STRAPI_PARSE_OPTIONS } from '../lib/query-set.ts';
import { check, ratio, round } from '../lib/report.ts';

type Serialize = (query: Record<string, unknown>) => string;

/** Serializations per second over the set, run for `ms` at a time. */
function throughput(serialize: Serialize, ms: number): number {
  let count = 0;
  let sink = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const query of QUERY_SET) sink += serialize(query).length;
    count += QUERY_SET.length;
    elapsed = performance.now() - started;
  }
  if (sink === 0) throw new Error('nothing serialized');
  return (count / elapsed) * 1000;
}

/** How many queries of the set qs parses back to what it parses from qs.stringify's own output. */
function sameParse(serialize: Serialize): number {
  return QUERY_SET.filter((query) => {
    const expected = qs.parse(qs.stringify(query, { encodeValuesOnly: true }), STRAPI_PARSE_OPTIONS);
    return isDeepStrictEqual(qs.parse(serialize(query), STRAPI_PARSE_OPTIONS), expected);
  }).length;
}

export const query: Benchmark = {
  id: 'qs',
  title: 'Budget 5: query serialization',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const runtime = (await import(
      pathToFileURL(join(context.ourOutput(5, 'js'), 'runtime', 'index.js')).href
    )) as {
      toQueryString: Serialize;
    };
    const peer = (await import(
      pathToFileURL(join(PEER_DIR, 'dist', 'generator', 'templates', 'stringify-query.js')).href
    )) as { stringifyQuery: Serialize };
    const subjects: Record<'ours' | 'qs' | 'peer', Serialize> = {
      ours: runtime.toQueryString,
      qs: (value) => qs.stringify(value, { encodeValuesOnly: true }),
      peer: peer.stringifyQuery,
    };
    const slice = context.quick ? 100 : 300;
    const rounds = context.quick ? 3 : 9;
    for (const serialize of Object.values(subjects)) throughput(serialize, slice);
    const runs = await interleave(
      {
        ours: async () => throughput(subjects.ours, slice),
        qs: async () => throughput(subjects.qs, slice),
        peer: async () => throughput(subjects.peer, slice),
      },
      rounds,
    );
    const ops = { ours: median(runs.ours), qs: median(runs.qs), peer: median(runs.peer) };
    const parse = { ours: sameParse(subjects.ours), qs: QUERY_SET.length, peer: sameParse(subjects.peer) };
    context.log(
      `qs: ours ${ops.ours.toFixed(0)}/s, qs ${ops.qs.toFixed(0)}/s, peer ${ops.peer.toFixed(0)}/s`,
    );
    const row = (label: string, key: keyof typeof ops) => ({
      subject: label,
      ops: round(ops[key]),
      perQuery: round(1e6 / ops[key]),
      vsQs: ratio(ops[key], ops.qs),
      parse: `${parse[key]}/${QUERY_SET.length}`,
    });
    return {
      tables: [
        {
          title: `Serializations per second over ${QUERY_SET.length} queries (median of ${rounds} interleaved ${slice} ms slices)`,
          columns: [
            { key: 'subject', label: 'Serializer', unit: 'text' },
            { key: 'ops', label: 'ops/s', unit: 'ops' },
            { key: 'perQuery', label: 'per query', unit: 'us' },
            { key: 'vsQs', label: 'x qs', unit: 'x' },
            { key: 'parse', label: 'parses as qs', unit: 'text' },
          ],
          rows: [
            row('cms-typed-client toQueryString', 'ours'),
            row('qs.stringify (encodeValuesOnly)', 'qs'),
            row('strapi-typed-client stringifyQuery', 'peer'),
          ],
        },
      ],
      checks: [
        check('ops/s >= 5x qs.stringify', ops.ours / ops.qs, 5, 'x', true),
        check('identical qs.parse results (queries that differ)', QUERY_SET.length - parse.ours, 0, 'int'),
      ],
      notes: [
        "Parsed back with qs.parse and Strapi's options (strictNullHandling, arrayLimit 100, depth 20); " +
          "'parses as qs' counts the queries whose parse equals that of qs.stringify's output. Ours also checks " +
          'each query (array limits, key shapes, length) before writing it; the others do not.',
      ],
    };
  },
};

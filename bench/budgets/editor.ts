/**
 * Budget 9, the editor: the real tsserver (TypeScript's language server, what VS Code runs) on
 * the type-check benchmark's consumer file plus two probes, in the Next.js tsconfig, each
 * client in its default output. Measured as an editor asks:
 * - completion inside a `populate` object and quick info on a populated result, each right after
 *   an edit of the file (a new program version, as every keystroke makes), ours against
 *   strapi-typed-client at N=100, interleaved, with a reference whose quick info shows the
 *   result's fields as the budget asks: the minimal populate-aware client;
 * - the first completion after opening the file in a fresh tsserver (the project loads, then
 *   the completion is computed), ours at N=1000 against an empty project (no client), any
 *   client's floor (the lightest declarations that type query results, one interface per model,
 *   in a module) and the minimal populate-aware client, the lightest that offers the populate
 *   completion.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Location, locationAt, locationOf, TsServer } from '../../test/helpers/tsserver.ts';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { emptyDir } from '../lib/generators.ts';
import { interleave, median, pairedRatio, pairedRatioInterval } from '../lib/measure.ts';
import { WORK_DIR } from '../lib/paths.ts';
import { type Consumer, consumerSource, followingModule, lightestModule, populate } from '../lib/queries.ts';
import { type Cell, type Check, check, round, type Table, withInterval } from '../lib/report.ts';
import { collectionNames } from '../lib/synthetic.ts';
import { type QuickInfoWork, quickInfoWork } from '../lib/work-counts.ts';
import { nextTsconfig, project } from './typecheck.ts';

type Client = 'ours' | 'peer';
/**
 * The clients and a reference at N=100 whose results quick info shows as their fields: the
 * minimal populate-aware client (`following`, bench/lib/queries.ts).
 */
type Subject = Client | 'following';
/** The references, whose quick info must show fields or they measure something the budget does not ask for. */
const REFERENCES = ['following'] as const;

/** Where the completion is asked: inside the empty populate object of the last query. */
const COMPLETION_MARKER = 'find({ populate: { ';
/** The result quick info is asked on. */
const HOVER_MARKER = 'const probed';

/** The 50 queries of the type-check benchmark, then the probes; `version` makes each edit differ. */
function editorSource(client: Consumer, n: number, version: number): string {
  const { plural } = collectionNames(0);
  return `${consumerSource(client, n)}
export async function probe() {
  const probed = await cms.${plural}.findOne('doc', { populate: ${populate(0)} });
  await cms.${plural}.find({ populate: {  } });
  return probed; // edit ${version}
}
`;
}

/** A project without a client: the same probe on a local type. */
function emptySource(version: number): string {
  return `interface Query { populate?: { author?: true; tags?: true; cover?: true } }
declare function find(query: Query): Promise<unknown>;
export async function probe() {
  const probed = { title: 'x' };
  await find({ populate: {  } });
  return probed; // edit ${version}
}
`;
}

/** A project whose client is `module`, the `index.d.ts` of `./cms`, as a client ships. */
function moduleProject(name: string, module: string): string {
  const dir = project(name, undefined, '', true);
  mkdirSync(join(dir, 'cms'));
  writeFileSync(join(dir, 'cms', 'index.d.ts'), module);
  return dir;
}

interface Session {
  server: TsServer;
  file: string;
  version: number;
  source: (version: number) => string;
}

/** Starts tsserver on `dir`, opens its consumer file and waits for the first completion. */
async function openSession(
  dir: string,
  source: (version: number) => string,
): Promise<{
  session: Session;
  firstMs: number;
  entries: number;
}> {
  const file = join(dir, 'consumer.ts');
  const text = source(0);
  writeFileSync(file, text);
  const server = await TsServer.start(dir);
  const started = performance.now();
  server.open(file, text);
  const completions = await server.completions(file, locationOf(text, COMPLETION_MARKER));
  const firstMs = performance.now() - started;
  return { session: { server, file, version: 0, source }, firstMs, entries: completions.entries.length };
}

/** An edit (a new file version), then the request; milliseconds of the request alone. */
async function afterEdit(session: Session, ask: (text: string) => Promise<unknown>): Promise<number> {
  session.version++;
  const text = session.source(session.version);
  await session.server.replace(session.file, text);
  const started = performance.now();
  await ask(text);
  return performance.now() - started;
}

/** On the name of the probed result. */
function hoverIndex(text: string): number {
  return text.indexOf(HOVER_MARKER) + 'const '.length;
}

/** The same, as the protocol counts it. */
function hoverAt(text: string): Location {
  return locationAt(text, hoverIndex(text));
}

const completion = (session: Session) =>
  afterEdit(session, (text) => session.server.completions(session.file, locationOf(text, COMPLETION_MARKER)));
const quickInfo = (session: Session) =>
  afterEdit(session, (text) => session.server.quickInfo(session.file, hoverAt(text)));

/** What the hover shows for the populated result. */
async function hoverText(session: Session): Promise<string> {
  const text = session.source(session.version);
  return (await session.server.quickInfo(session.file, hoverAt(text))).displayString;
}

/**
 * What any client's floor at N=1000 says about the 0.5 s budget: `lightest`, the seconds the
 * lightest declarations take over the empty project.
 */
function lightestNote(lightest: number): string {
  const s = (seconds: number) => `${seconds.toFixed(2)} s`;
  return (
    "Any client's floor (bench/lib/queries.ts, lightestModule) is the lightest declarations that type query " +
    'results, written from the schema alone in a module the file imports: one interface per content type and ' +
    'component with every field, each relation, media, component and zone an optional member typed by its ' +
    "target's interface; the queries take any object, so it checks no parameter, follows no populate and has no " +
    `property to offer in the populate object. It comes ${s(lightest)} after the empty project: ` +
    (lightest > 0.5
      ? 'over the budget on its own, so no client that types its results meets it.'
      : `${s(0.5 - lightest)} of the budget is left for typing the parameters and following populate.`)
  );
}

/** A ratio as the notes print it. */
const x = (value: number) => `${value.toFixed(2)}x`;

/**
 * What the minimal populate-aware client says about quick info at N=`n`: the least a client that
 * checks the query, follows `populate` and shows the result's fields takes, against the peer's.
 */
function followingNote(ratios: { completion: number; quickInfo: number }, n: number): string {
  return (
    "The type-check benchmark's minimal populate-aware client (bench/lib/queries.ts: one small interface per " +
    'model, populate, fields, filters and sort checked, results followed and shown as their fields; no drafts, ' +
    `no writes), in the same rounds at N=${n}: completion ${x(ratios.completion)} and quick info ` +
    `${x(ratios.quickInfo)} the peer's. ` +
    (ratios.quickInfo > 1
      ? "So quick info that shows a populated result's fields is slower than the peer's, which shows an alias " +
        'holding the query, even with the lightest declarations that follow populate.'
      : "So quick info can show a populated result's fields as fast as the peer shows its alias, with lighter " +
        'declarations and query types than ours.')
  );
}

/**
 * What the N=`big` reference says about the 0.5 s budget: `following`, the seconds the lightest
 * client that offers the populate completion takes over the empty project.
 */
function surfaceNote(following: number, big: number): string {
  const s = (seconds: number) => `${seconds.toFixed(2)} s`;
  const within = (seconds: number) => (seconds <= 0.5 ? 'within the budget' : 'over the budget');
  return (
    `At N=${big}, the minimal populate-aware client (one small interface per model, populate, fields, filters and ` +
    'sort checked, results followed; no named entry or input types, drafts, writes or doc comments) comes ' +
    `${s(following)} after the empty project, ${within(following)}: the first completion in a populate object ` +
    'does not need more than that.'
  );
}

const LABELS: Record<Subject, string> = {
  ours: 'cms-typed-client (--format js)',
  peer: 'strapi-typed-client (js, its default)',
  following:
    "reference: the type-check benchmark's minimal populate-aware client, results shown as their fields",
};

export const editor: Benchmark = {
  id: 'editor',
  title: 'Budget 9: editor latency (tsserver completion and quick info)',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const n = context.quick ? 20 : 100;
    const big = context.quick ? 100 : 1000;
    const rounds = context.quick ? 3 : 40;
    const opens = context.quick ? 1 : 3;

    // --- N=100: ours against the peer, after each edit --------------------------------------
    const outputs: Record<Client, string> = {
      ours: context.ourOutput(n, 'js'),
      peer: await context.peerOutput(n, 'js'),
    };
    const subjects = ['ours', 'peer', ...REFERENCES] as const;
    const sessions: Partial<Record<Subject, Session>> = {};
    const first: Partial<Record<Subject, { ms: number; entries: number }>> = {};
    const latency: Record<Subject, { completion: number[]; quickInfo: number[] }> = {
      ours: { completion: [], quickInfo: [] },
      peer: { completion: [], quickInfo: [] },
      following: { completion: [], quickInfo: [] },
    };
    const hover: Partial<Record<Subject, string>> = {};
    try {
      for (const subject of subjects) {
        let dir: string;
        let client: Consumer;
        if (subject === 'following') {
          // In a module the file imports, as a client ships, so an edit re-checks none of it.
          dir = moduleProject('editor-following', followingModule(n));
          client = 'following-import';
        } else {
          dir = project(`editor-${subject}`, outputs[subject], '', true);
          client = subject;
        }
        const opened = await openSession(dir, (version) => editorSource(client, n, version));
        sessions[subject] = opened.session;
        first[subject] = { ms: opened.firstMs, entries: opened.entries };
      }
      const each = (measure: (session: Session) => Promise<number>, into: 'completion' | 'quickInfo') =>
        Object.fromEntries(
          subjects.map((subject) => [
            subject,
            async () => {
              const ms = await measure(sessions[subject]!);
              latency[subject][into].push(ms);
              return ms;
            },
          ]),
        ) as Record<Subject, () => Promise<number>>;
      await interleave(each(completion, 'completion'), rounds);
      await interleave(each(quickInfo, 'quickInfo'), rounds);
      for (const subject of subjects) hover[subject] = await hoverText(sessions[subject]!);
      // A reference whose quick info shows no field measures something the budget does not ask for.
      for (const subject of REFERENCES)
        if (!hover[subject]!.includes('documentId: string'))
          throw new Error(`the ${subject} reference's quick info shows no field: ${hover[subject]}`);
    } finally {
      await Promise.all(Object.values(sessions).map((session) => session.server.close()));
    }
    // The same hover counted rather than timed: the work does not move from run to run.
    const work = Object.fromEntries(
      subjects.map((subject) => {
        const session = sessions[subject]!;
        const text = session.source(session.version);
        return [subject, quickInfoWork(dirname(session.file), session.file, text, hoverIndex(text))];
      }),
    ) as Record<Subject, QuickInfoWork>;
    const medians = Object.fromEntries(
      subjects.map((subject) => [
        subject,
        { completion: median(latency[subject].completion), quickInfo: median(latency[subject].quickInfo) },
      ]),
    ) as Record<Subject, { completion: number; quickInfo: number }>;
    context.log(
      `editor N=${n}: completion ours ${round(medians.ours.completion)} ms, peer ${round(medians.peer.completion)} ms; ` +
        `quick info ours ${round(medians.ours.quickInfo)} ms, peer ${round(medians.peer.quickInfo)} ms`,
    );
    // Each round asks both servers in turn, so a busy spell of the machine slows both sides of it.
    const pairedOf = (subject: Subject) => ({
      completion: pairedRatio(latency[subject].completion, latency.peer.completion),
      quickInfo: pairedRatio(latency[subject].quickInfo, latency.peer.quickInfo),
    });
    const paired = pairedOf('ours');
    const followingPaired = pairedOf('following');
    const row = (subject: Subject): Record<string, Cell> => ({
      subject: LABELS[subject],
      completion: round(medians[subject].completion),
      quickInfo: round(medians[subject].quickInfo),
      first: round(first[subject]!.ms),
      entries: first[subject]!.entries,
      hover: hover[subject]!.length,
      completionRatio: subject === 'peer' ? null : round(pairedOf(subject).completion),
      quickInfoRatio: subject === 'peer' ? null : round(pairedOf(subject).quickInfo),
    });

    // --- N=1000: the first completion after opening, against an empty project ---------------
    const bigDir = project(`editor-ours-${big}`, context.ourOutput(big, 'js'), '', true);
    const emptyProject = emptyDir(join(WORK_DIR, 'typecheck', 'editor-empty'));
    writeFileSync(join(emptyProject, 'tsconfig.json'), `${JSON.stringify(nextTsconfig(true), null, 2)}\n`);
    // Any client's floor: the lightest declarations that type results (queries.ts), in their own module.
    const lightestDir = moduleProject(`editor-lightest-${big}`, lightestModule(big));
    // The lightest client that offers the populate completion: the minimal populate-aware client.
    const followingDir = moduleProject(`editor-following-${big}`, followingModule(big));
    const entries: Record<string, number> = {};
    const firstOpen = async (label: string, dir: string, source: (version: number) => string) => {
      const opened = await openSession(dir, source);
      await opened.session.server.close();
      entries[label] = opened.entries;
      return opened.firstMs;
    };
    const bigSource = (version: number) => editorSource('ours', big, version);
    const opened = await interleave(
      {
        ours: () => firstOpen('ours', bigDir, bigSource),
        following: () =>
          firstOpen('following', followingDir, (version) => editorSource('following-import', big, version)),
        lightest: () =>
          firstOpen('lightest', lightestDir, (version) => editorSource('lightest-import', big, version)),
        empty: () => firstOpen('empty', emptyProject, emptySource),
      },
      opens,
    );
    const bigFirst = median(opened.ours);
    const followingFirst = median(opened.following);
    const lightestFirst = median(opened.lightest);
    const emptyFirst = median(opened.empty);
    context.log(
      `editor N=${big}: first completion ${round(bigFirst)} ms, the floor ${round(lightestFirst)} ms (lightest), ` +
        `the minimal populate-aware client ${round(followingFirst)} ms, empty project ${round(emptyFirst)} ms`,
    );

    const tables: Table[] = [
      {
        title: `tsserver at N=${n}, Next.js tsconfig: each request right after an edit (median of ${rounds} interleaved rounds)`,
        columns: [
          { key: 'subject', label: 'Client', unit: 'text' },
          { key: 'completion', label: 'completion in populate', unit: 'ms' },
          { key: 'quickInfo', label: 'quick info on a result', unit: 'ms' },
          { key: 'first', label: 'first completion after open', unit: 'ms' },
          { key: 'entries', label: 'entries', unit: 'int' },
          { key: 'hover', label: 'quick info chars', unit: 'int' },
          { key: 'completionRatio', label: 'completion / peer (median round ratio)', unit: 'x' },
          { key: 'quickInfoRatio', label: 'quick info / peer (median round ratio)', unit: 'x' },
        ],
        rows: subjects.map(row),
      },
      {
        title: `The same quick info counted: what TypeScript's checker adds to type the probed result on a fresh program (as after an edit), then to answer the quick info on it (one run; the counts do not vary)`,
        columns: [
          { key: 'subject', label: 'Client', unit: 'text' },
          { key: 'typeInstantiations', label: 'typing: instantiations', unit: 'int' },
          { key: 'typeTypes', label: 'types', unit: 'int' },
          { key: 'typeRelations', label: 'assignability relations', unit: 'int' },
          { key: 'quickInfoInstantiations', label: 'quick info: instantiations', unit: 'int' },
          { key: 'quickInfoTypes', label: 'types', unit: 'int' },
          { key: 'quickInfoRelations', label: 'assignability relations', unit: 'int' },
          { key: 'chars', label: 'quick info chars', unit: 'int' },
        ],
        rows: subjects.map((subject) => ({
          subject: LABELS[subject],
          typeInstantiations: work[subject].type.instantiations,
          typeTypes: work[subject].type.types,
          typeRelations: work[subject].type.relations,
          quickInfoInstantiations: work[subject].quickInfo.instantiations,
          quickInfoTypes: work[subject].quickInfo.types,
          quickInfoRelations: work[subject].quickInfo.relations,
          chars: work[subject].text.length,
        })),
      },
      {
        title: `First completion after opening the file in a fresh tsserver (median of ${opens} interleaved runs)`,
        columns: [
          { key: 'subject', label: 'Project', unit: 'text' },
          { key: 'first', label: 'open to completion', unit: 'ms' },
          { key: 'over', label: 'over the empty project', unit: 'ms' },
        ],
        rows: [
          {
            subject: `cms-typed-client, N=${big}`,
            first: round(bigFirst),
            over: round(bigFirst - emptyFirst),
          },
          {
            subject: `reference: the minimal populate-aware client, N=${big} (the type-check benchmark's, in a module)`,
            first: round(followingFirst),
            over: round(followingFirst - emptyFirst),
          },
          {
            subject: `any client's floor, N=${big}: the lightest typed results (an interface per model, parameters untyped)`,
            first: round(lightestFirst),
            over: round(lightestFirst - emptyFirst),
          },
          { subject: 'empty project (no client)', first: round(emptyFirst), over: null },
        ],
      },
    ];
    // Ours against the peer, in the rounds that asked both: the median ratio and where it lies.
    const versusPeer = (what: string, request: 'completion' | 'quickInfo') =>
      withInterval(
        check(`N=${n}: ${what} <= strapi-typed-client's (median round ratio)`, paired[request], 1, 'x'),
        pairedRatioInterval(latency.ours[request], latency.peer[request]),
      );
    const checks: Check[] = [
      versusPeer('completion in a populate object', 'completion'),
      versusPeer('quick info on a result', 'quickInfo'),
      check(
        `N=${big}: first completion after open <= empty project + 0.5 s`,
        (bigFirst - emptyFirst) / 1000,
        0.5,
        's',
      ),
    ];
    return {
      tables,
      checks,
      notes: [
        `The file is the type-check benchmark's 50 queries plus a findOne with nested populate (quick info on its result) ` +
          'and a find with an empty populate object (the completion). An edit replaces the file with a new version ' +
          "(a changed comment), so each request pays what a keystroke makes tsserver redo. 'quick info chars' is the " +
          'length of what the hover shows for the populated result.',
        lightestNote((lightestFirst - emptyFirst) / 1000),
        surfaceNote((followingFirst - emptyFirst) / 1000, big),
        followingNote(followingPaired, n),
        'The counted table (bench/lib/work-counts.ts) runs a language service in this process on each N=' +
          `${n} project with the file as the rounds left it: the checker's counters before and after typing the ` +
          "probed name, then after the quick info. A hover's cost in time is mostly these steps, plus tsserver's own " +
          'work on every request; the counts are the same from run to run, so a change to the declarations shows in ' +
          'them even where the timings cannot tell it from noise.',
      ],
    };
  },
};

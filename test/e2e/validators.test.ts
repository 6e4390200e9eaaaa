/**
 * The generated validators (`cmsValidators`) against a real Strapi 5, input by input: the
 * `validation` app (test/strapi/validation: a draft-and-publish `check` with every attribute type
 * and rule, a `plain` type without drafts, nested components, zones, conditional fields) gets
 * thousands of `data` objects, each a valid entry with one to three fields replaced by values at
 * the edges of their rules (test/helpers/validation-inputs.ts). Each is sent as Strapi's REST API
 * receives it (a draft create, a published create, a create of the type without drafts, an
 * update of a complete published entry: one per worker, updated in turn, as Strapi rolls back
 * what it refuses) and given to the matching validator. Strapi and the validator must agree on
 * accept or reject, on the paths of the errors and on their messages. A run compares more than
 * 5,000 inputs, 8 requests in flight; the inputs Strapi answers with a 500 are asserted apart.
 *
 * Comparing: Strapi's `details.errors` are `{ path, message }` each; an `Invalid key` error has
 * `details.key` and the dotted attribute path (no indices), compared with the validator's issue
 * path without its indices; an error without a path (the dates and times the database layer
 * parses) matches a single validator issue with the same message, whatever its path (Strapi does
 * not say which field). The `relations-test` errors Strapi adds at path `[]` next to a broken
 * zone item (`Invalid relations`, `Cannot build relations store…`) are not compared: they repeat
 * the item's error. A zone's `__component` message is compared with its list as a set.
 *
 * Every disagreement is a failure (with the seed and the input) unless the KNOWN list names it,
 * with why a validator cannot agree (it cannot know whether a related entry exists, whether a
 * value is taken, or the database's limits). Every KNOWN entry must still be met. The inputs are
 * random from a seed: `CTC_SEED=<n>` reruns one run's inputs. A PostgreSQL part sends the values
 * whose fate the database decides.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { type DatabaseServer, databaseSkip, startDatabase } from '../harness/db.ts';
import { generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';
import {
  baseCheck,
  basePlain,
  type Candidate,
  checkCandidates,
  databaseCandidates,
  type Input,
  type InputContext,
  KNOWN_500,
  leafForms,
  plainCandidates,
  Random,
  randomInput,
  randomUpdate,
  type Seeded,
  singleInputs,
  uniqueWords,
} from '../helpers/validation-inputs.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

const DEFAULT_SEED = 44;
const SEED = process.env.CTC_SEED === undefined ? DEFAULT_SEED : Number(process.env.CTC_SEED);
/** Requests in flight at once. */
const CONCURRENCY = 8;
/** Random inputs per kind of write (besides every candidate once on its own). */
const RANDOM = { check: 700, plain: 500, checkUpdate: 400, plainUpdate: 250 };

/** Which write an input goes through: the request and the validator. */
type Target = 'draft' | 'create' | 'plain' | 'plainDraft' | 'update' | 'plainUpdate';

/** One error as compared: its path joined with dots, and its message. */
interface Issue {
  path: string;
  message: string;
}

/** What one side answered. */
type Outcome =
  | { ok: true }
  | { ok: false; kind: 'issues'; issues: Issue[] }
  /** An `Invalid key` error: the attribute path of the key (no indices) and the message. */
  | { ok: false; kind: 'key'; issue: Issue }
  /** An error without a path (database layer, relation lookup). */
  | { ok: false; kind: 'pathless'; message: string }
  | { ok: false; kind: 'status'; status: number; message: string };

/**
 * The disagreements a validator cannot avoid, each with an example input and the reason. An entry
 * matches a disagreement when one of the input's labels is in `labels`, the write is one of
 * `targets` (any when absent), and Strapi's message matches `strapi`.
 */
interface Known {
  labels: string[];
  targets?: Target[];
  strapi: RegExp;
  why: string;
}

const RELATION_MISSING = /associated with this entity do not exist|not found$/;

const KNOWN: Known[] = [
  {
    // e.g. `author: 999999`, `tags: ['zzzzzzzzzzzzzzzzzzzzzzzz']`, `cover: 999999`
    labels: [
      'author=missing id',
      'author=missing documentId',
      'tags=missing id',
      'tags=missing documentId',
      'featuredTag=missing id',
      'cover=missing id',
      'cover=missing documentId',
      'gallery=missing id',
      'gallery=missing documentId',
      'poster=missing id',
      'poster=missing documentId',
      'side=tag missing',
      'leaf=tag missing',
      'tag=missing id',
    ],
    strapi: RELATION_MISSING,
    why: 'whether a related entry or file exists is a database lookup',
  },
  {
    // `articles: [{ documentId: <the seeded article>, locale: 'fr' }]`: the article has no fr version
    labels: ['articles=locale fr (none)'],
    strapi: /locale "fr" not found/,
    why: 'which locales of a related entry exist is a database lookup',
  },
  {
    // `featuredTag: '1'` next to `tags: [1, …]`: the same tag, once as a number, once as a string
    labels: ['featuredTag=numeric string id'],
    strapi: /relation\(s\) of type api::tag\.tag associated with this entity do not exist/,
    why: 'Strapi is inconsistent: its existence check counts the same row twice when one relation names it by a number and another by a numeric string',
  },
  {
    // `tags: { connect: [{ documentId: B, position: { before: A } }] }` with A not connected
    labels: ['tags=position before unconnected'],
    strapi: /needs to be connected first/,
    why: 'whether the anchor of a position is connected depends on the relations stored',
  },
  {
    // `serial: 'duplicate-serial'`, `ref: 'duplicate-ref'`: a published entry holds the value
    labels: ['serial=duplicate', 'ref=duplicate'],
    targets: ['create', 'plain', 'plainDraft', 'update', 'plainUpdate'],
    strapi: /^This attribute must be unique$/,
    why: 'uniqueness is a database query over the published entries',
  },
  {
    // `main: { id: 4242, label: 'x' }` in an update: the component is not the entry's
    labels: ['main=id key', 'zone=item with id', 'side=id key', 'leaf=id key'],
    targets: ['update', 'plainUpdate'],
    strapi: /^Some of the provided components in \w+ are not related to the entity$/,
    why: "whether a component id belongs to the entry depends on the entry's stored components",
  },
  {
    // `{ kind: 'external' }` in an update: the stored draft has no url and no partner (or, after
    // an earlier update set them while they were hidden, values the shown fields' rules refuse);
    // `{ kind: null }`: `depth` shows again, as an earlier update may have left it
    labels: ['kind=external, url and partner', 'kind=null'],
    targets: ['update'],
    strapi: /^(url|partner|depth|target)[ .]/,
    why: "a published update re-checks the whole stored draft; the fields it did not send are the server's",
  },
  {
    // `main: { label: 'x', tone: 'cool', heat: 'x' }`: heat shows only when tone is warm
    labels: ['main=cool heat "x"'],
    targets: ['draft', 'create', 'update'],
    strapi: /^Internal Server Error$/,
    why: 'Strapi is inconsistent: a hidden field is not checked but still written, and the database refuses "x" for an integer (500)',
  },
];

/** The 500s Strapi answers instead of a 400 (test/helpers/validation-inputs.ts KNOWN_500). */
const KNOWN_500_WHY = 'Strapi reads `node.type` of a null blocks node and throws a TypeError';

/** Disagreements PostgreSQL adds: the database refuses what the rules let through (a 500). */
const KNOWN_POSTGRES: { label: string; why: string }[] = [
  { label: 'price=1e8', why: 'decimal(10,2) overflows at 1e8' },
  { label: 'amount=1e15', why: 'decimal(10,2) overflows at 1e8' },
  { label: 'amount=-1e8', why: 'decimal(10,2) overflows at -1e8' },
  { label: 'quantity=2147483648', why: 'integer is int4 on PostgreSQL' },
  { label: 'quantity=2^53 - 1', why: 'integer is int4 on PostgreSQL' },
  { label: 'big=int8 max + 1', why: 'biginteger is int8' },
  { label: 'big=int8 min - 1', why: 'biginteger is int8' },
  { label: 'data=string', why: 'a bare JSON string that is not JSON text is invalid jsonb' },
  { label: 'data=empty string', why: 'an empty string is invalid jsonb' },
  { label: 'extra=string', why: 'a bare JSON string that is not JSON text is invalid jsonb' },
  { label: 'email=256', why: 'email is varchar(255)' },
  { label: 'slug=256', why: 'uid is varchar(255)' },
  { label: 'handle=256', why: 'uid is varchar(255)' },
  { label: 'shade=long value', why: 'enumeration is varchar(255); this value has 262 characters' },
];

/** Drops the indices of a path but its last key: an `Invalid key` error names attributes only. */
const attributePath = (path: readonly unknown[]) =>
  path.map(String).filter((segment, index) => index === path.length - 1 || !/^\d+$/.test(segment));

/** The relations-test errors that only repeat a broken zone item's error. */
const COLLATERAL =
  /^(Invalid relations|Cannot build relations store from dynamiczone, component identifier is undefined)$/;

/** Strapi's answer, normalised. */
function strapiOutcome(status: number, body: Any): Outcome {
  if (status >= 200 && status < 300) return { ok: true };
  const error = body?.error ?? {};
  const message = String(error.message ?? body);
  if (status !== 400) return { ok: false, kind: 'status', status, message };
  const details = error.details ?? {};
  if (Array.isArray(details.errors)) {
    const issues = details.errors
      .map((issue: Any) => ({ path: (issue.path ?? []).join('.'), message: issue.message }))
      .filter((issue: Issue) => !(issue.path === '' && COLLATERAL.test(issue.message)));
    return { ok: false, kind: 'issues', issues };
  }
  if (typeof details.key === 'string' && message.startsWith('Invalid key ')) {
    const prefix =
      typeof details.path === 'string' && details.path !== details.key ? details.path.split('.') : [];
    return { ok: false, kind: 'key', issue: { path: [...prefix, details.key].join('.'), message } };
  }
  return { ok: false, kind: 'pathless', message };
}

/** The validator's answer, normalised; it must answer synchronously. */
function validatorOutcome(validator: Any, data: unknown): { outcome: Outcome; raw: Any } {
  const raw = validator['~standard'].validate(data);
  assert.ok(!(raw instanceof Promise), 'a validator answers synchronously');
  if (!raw.issues) return { outcome: { ok: true }, raw };
  const issues = raw.issues.map((issue: Any) => ({
    path: (issue.path ?? []).map(String).join('.'),
    message: issue.message,
  }));
  return { outcome: { ok: false, kind: 'issues', issues }, raw };
}

/**
 * A zone's `__component` message lists every component in the order Strapi loaded their folders,
 * which differs between installs: the list is compared as a set.
 */
function normalised(message: string): string {
  const match = /^(.*\.__component must be one of the following values: )(.*)$/.exec(message);
  return match ? `${match[1]}${(match[2] ?? '').split(', ').sort().join(', ')}` : message;
}

const sorted = (issues: Issue[]) =>
  issues.map((issue) => `${issue.path} | ${normalised(issue.message)}`).sort();

/** Undefined when both agree, else what differs. */
function disagreement(strapi: Outcome, validator: Outcome, raw: Any): string | undefined {
  if (strapi.ok && validator.ok) return undefined;
  if (strapi.ok) return 'Strapi accepts, the validator refuses';
  if (validator.ok) return 'Strapi refuses, the validator accepts';
  if (validator.kind !== 'issues') throw new Error('unreachable');
  if (strapi.kind === 'status') return `Strapi answers ${strapi.status}`;
  if (strapi.kind === 'key') {
    const [issue, ...rest] = raw.issues as { path: unknown[]; message: string }[];
    const path = issue ? attributePath(issue.path ?? []).join('.') : '';
    if (rest.length === 0 && issue?.message === strapi.issue.message && path === strapi.issue.path)
      return undefined;
    return 'different key error';
  }
  if (strapi.kind === 'pathless') {
    const [issue, ...rest] = validator.issues;
    if (rest.length === 0 && issue?.message === strapi.message) return undefined;
    return 'different error without a path';
  }
  const expected = sorted(strapi.issues);
  const actual = sorted(validator.issues);
  if (JSON.stringify(expected) === JSON.stringify(actual)) return undefined;
  const paths = (list: Issue[]) => [...new Set(list.map((issue) => issue.path))].sort().join(', ');
  return paths(strapi.issues) === paths(validator.issues) ? 'different messages' : 'different paths';
}

/** Strapi's main message, for matching KNOWN entries. */
function strapiMessages(outcome: Outcome): string[] {
  if (outcome.ok) return [];
  if (outcome.kind === 'issues') return outcome.issues.map((issue) => issue.message);
  if (outcome.kind === 'key') return [outcome.issue.message];
  return [outcome.message];
}

/** A disagreement, as printed. */
interface Finding {
  target: Target;
  labels: string[];
  what: string;
  data: unknown;
  strapi: { status: number; error: unknown };
  validator: unknown;
}

/** Runs `task` over `items` with CONCURRENCY workers (numbered from 0). */
async function pool<T>(items: T[], task: (item: T, worker: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (_: unknown, index: number) => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item, index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** One boot of the validation app: its URL, token, seeded entries and the generated validators. */
interface Part {
  strapi: RunningStrapi;
  seeded: Seeded;
  validators: Any;
  context: InputContext;
  request(method: string, path: string, data: unknown): Promise<{ status: number; body: Any }>;
}

/** The Strapis booted, stopped after their part even when its setup failed. */
const booted: RunningStrapi[] = [];

async function bootPart(name: string, database?: DatabaseServer): Promise<Part> {
  const app = createApp(name, { variant: 'validation' });
  const strapi = await startStrapi(app, database ? { env: database.env } : {});
  booted.push(strapi);
  const { generated } = await generateClient(strapi, name, strapi.seed.tokens.readOnly);
  const headers = { Authorization: `Bearer ${strapi.seed.tokens.fullAccess}` };
  const request = async (method: string, path: string, data: unknown) => {
    const response = await fetch(`${strapi.url}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    const text = await response.text();
    let body: Any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body };
  };
  const create = async (path: string, data: unknown) => {
    const { status, body } = await request('POST', path, data);
    assert.equal(status, 201, `seeding ${path}: ${JSON.stringify(body)}`);
    return { id: body.data.id as number, documentId: body.data.documentId as string };
  };
  const tags = [
    await create('/api/tags', { name: 'tag one' }),
    await create('/api/tags', { name: 'tag two' }),
  ];
  const author = await create('/api/authors', { name: 'Author' });
  const article = await create('/api/articles', { title: 'Article', category: 'news' });
  const form = new FormData();
  form.append('files', new Blob([png(2, 2)], { type: 'image/png' }), 'image.png');
  const upload = await fetch(`${strapi.url}/api/upload`, { method: 'POST', headers, body: form });
  assert.equal(upload.status, 201);
  const [image] = (await upload.json()) as Any[];
  const seeded: Seeded = { tags, author, article, image: { id: image.id, documentId: image.documentId } };
  const context: InputContext = { seeded, unique: uniqueWords() };
  // The values the `duplicate` candidates repeat, held by published entries.
  await create('/api/checks', { ...baseCheck(context), serial: 'duplicate-serial' });
  await create('/api/plains', { ...basePlain(context), ref: 'duplicate-ref' });
  return { strapi, seeded, validators: generated.cmsValidators, context, request };
}

/** What one run compared and found. */
interface Tally {
  compared: number;
  byTarget: Record<string, number>;
  findings: Finding[];
  known: Map<Known, number>;
}

const newTally = (): Tally => ({ compared: 0, byTarget: {}, findings: [], known: new Map() });

/** Sends one input to Strapi and to the validator of `target`, and records a disagreement. */
async function compare(
  part: Part,
  tally: Tally,
  target: Target,
  input: Input,
  path: string,
  method = 'POST',
) {
  const data = JSON.parse(JSON.stringify(input.data));
  const { status, body } = await part.request(method, path, data);
  const strapi = strapiOutcome(status, body);
  const validator = validatorFor(part, target);
  const { outcome, raw } = validatorOutcome(validator, structuredClone(data));
  tally.compared += 1;
  tally.byTarget[target] = (tally.byTarget[target] ?? 0) + 1;
  const what = disagreement(strapi, outcome, raw);
  if (what === undefined) return undefined;
  const messages = strapiMessages(strapi);
  const known = KNOWN.find(
    (entry) =>
      input.labels.some((label) => entry.labels.includes(label)) &&
      (entry.targets === undefined || entry.targets.includes(target)) &&
      messages.some((message) => entry.strapi.test(message)),
  );
  if (known) {
    tally.known.set(known, (tally.known.get(known) ?? 0) + 1);
    return undefined;
  }
  const finding: Finding = {
    target,
    labels: input.labels,
    what,
    data,
    strapi: { status, error: body?.error ?? body },
    validator: raw,
  };
  tally.findings.push(finding);
  return finding;
}

function validatorFor(part: Part, target: Target): Any {
  const { checks, plains } = part.validators;
  switch (target) {
    case 'draft':
      return checks.draft;
    case 'create':
      return checks.create;
    case 'update':
      return checks.update;
    case 'plain':
      return plains.create;
    case 'plainDraft':
      return plains.draft;
    case 'plainUpdate':
      return plains.update;
  }
}

/** A complete published entry to update. */
async function freshEntry(part: Part, plural: 'checks' | 'plains'): Promise<string> {
  const base = plural === 'checks' ? baseCheck(part.context) : basePlain(part.context);
  const { status, body } = await part.request('POST', `/api/${plural}`, base);
  assert.equal(status, 201, JSON.stringify(body));
  return body.data.documentId;
}

function report(tally: Tally, label: string): string {
  const lines = [`[validators] ${label}: seed ${SEED}, ${tally.compared} inputs compared`];
  lines.push(`  by write: ${JSON.stringify(tally.byTarget)}`);
  for (const [entry, count] of tally.known) lines.push(`  known (${count}): ${entry.why}`);
  return lines.join('\n');
}

/** One line per finding: the write, the input's labels, what differs, both sides' messages. */
function findingLine(finding: Finding): string {
  const error = finding.strapi.error as Any;
  const strapi = Array.isArray(error?.details?.errors)
    ? error.details.errors.map((issue: Any) => `${issue.path.join('.')}: ${issue.message}`)
    : [`${finding.strapi.status} ${error?.message ?? JSON.stringify(error)}`];
  const validator = ((finding.validator as Any).issues ?? []).map(
    (issue: Any) => `${issue.path.join('.')}: ${issue.message}`,
  );
  return `${finding.target} [${finding.labels.join(' + ')}] ${finding.what}\n    Strapi:    ${strapi.join(' | ')}\n    validator: ${validator.join(' | ') || 'accepts'}`;
}

function assertNoFindings(tally: Tally, from = 0): void {
  const findings = tally.findings.slice(from);
  if (findings.length === 0) return;
  if (process.env.CTC_VALIDATORS_FINDINGS)
    writeFileSync(process.env.CTC_VALIDATORS_FINDINGS, JSON.stringify(findings, null, 1));
  const shown = findings.slice(0, 40);
  assert.fail(
    `seed ${SEED} (rerun with CTC_SEED=${SEED}): ${findings.length} disagreements between Strapi and the validators; the first ${shown.length} (with their data: CTC_VALIDATORS_FINDINGS=<file>; the first one's data below):\n${shown.map(findingLine).join('\n')}\n${JSON.stringify(shown[0]?.data)}`,
  );
}

describe('the validators agree with Strapi on SQLite, input by input', { timeout: 600_000 }, () => {
  let part: Part;
  const tally = newTally();
  const random = new Random(SEED);

  before(async () => {
    part = await bootPart('validators');
  });

  after(async () => {
    console.log(report(tally, 'SQLite'));
    await Promise.all(booted.splice(0).map((strapi) => strapi.stop()));
  });

  it('creates: every candidate alone, then random combinations, as a draft and as published', async () => {
    const check = (context: InputContext) => baseCheck(context);
    const candidates: Record<string, Candidate[]> = checkCandidates();
    for (const [field, list] of Object.entries(databaseCandidates()))
      candidates[field] = [...(candidates[field] ?? []), ...list];
    const inputs = singleInputs(candidates, check, part.context);
    for (let n = 0; n < RANDOM.check; n++) inputs.push(randomInput(random, candidates, check, part.context));
    await pool(inputs, async (input) => {
      await compare(part, tally, 'draft', input, '/api/checks?status=draft');
      await compare(part, tally, 'create', input, '/api/checks');
    });
    const plains = plainCandidates();
    const plainInputs = singleInputs(plains, basePlain, part.context);
    for (let n = 0; n < RANDOM.plain; n++)
      plainInputs.push(randomInput(random, plains, basePlain, part.context));
    await pool(plainInputs, async (input) => {
      await compare(part, tally, 'plain', input, '/api/plains');
      // The same input again, with a uid of its own unless the input sets it.
      const fixed = input.labels.some(
        (label) => label.startsWith('ref=') && label !== 'ref=allowed characters',
      );
      const again = fixed
        ? input
        : { ...input, data: { ...input.data, ref: `R_~.-${part.context.unique()}` } };
      await compare(part, tally, 'plainDraft', again, '/api/plains?status=draft');
    });
    assertNoFindings(tally);
  });

  it('updates of a complete published entry: every candidate alone, then random bodies', async () => {
    const from = tally.findings.length;
    // One complete published entry per worker, updated in turn: a refused update changes nothing
    // (Strapi rolls it back) and an accepted one leaves an entry the published rules accept.
    const entries: string[] = [];
    const plainEntries: string[] = [];
    const checks = checkCandidates();
    const updates: Input[] = [];
    for (const [field, list] of Object.entries(checks))
      for (const candidate of list)
        if (candidate.label !== 'absent') updates.push(singleUpdate(field, candidate, part.context));
    for (let n = 0; n < RANDOM.checkUpdate; n++) updates.push(randomUpdate(random, checks, part.context));
    await pool(updates, async (input, worker) => {
      entries[worker] ??= await freshEntry(part, 'checks');
      await compare(part, tally, 'update', input, `/api/checks/${entries[worker]}`, 'PUT');
    });
    const plains = plainCandidates();
    const plainUpdates: Input[] = [];
    for (const [field, list] of Object.entries(plains))
      for (const candidate of list)
        if (candidate.label !== 'absent') plainUpdates.push(singleUpdate(field, candidate, part.context));
    for (let n = 0; n < RANDOM.plainUpdate; n++)
      plainUpdates.push(randomUpdate(random, plains, part.context));
    await pool(plainUpdates, async (input, worker) => {
      plainEntries[worker] ??= await freshEntry(part, 'plains');
      await compare(part, tally, 'plainUpdate', input, `/api/plains/${plainEntries[worker]}`, 'PUT');
    });
    assertNoFindings(tally, from);
  });

  it('at least 5,000 inputs were compared, and every KNOWN disagreement was met', () => {
    assert.ok(tally.compared >= 5000, `only ${tally.compared} inputs`);
    const unmet = KNOWN.filter((entry) => !tally.known.has(entry)).map((entry) => entry.labels.join(', '));
    assert.deepEqual(unmet, [], 'KNOWN entries no input met (fixed? remove them)');
  });

  it("a component's validator agrees with Strapi on the component inside an entry", async () => {
    // `plain.leaf` is one required `checks.leaf`: Strapi's errors under `leaf` (their path and
    // their message without `leaf.`) are the component validator's. Key errors name the entry's
    // attribute (`Invalid key nope at leaf`) and relation lookups are the server's: left out.
    const validator = part.validators['checks.leaf'];
    const mismatches: string[] = [];
    for (const candidate of leafForms()) {
      if (candidate.alone) continue;
      const leaf = candidate.value(part.context);
      const { status, body } = await part.request('POST', '/api/plains', {
        ...basePlain(part.context),
        leaf,
      });
      const strapi = strapiOutcome(status, body);
      if (!strapi.ok && strapi.kind !== 'issues') continue;
      const expected = strapi.ok
        ? []
        : sorted(
            strapi.issues.map((issue) => ({
              path: issue.path.replace(/^leaf\.?/, ''),
              message: issue.message.replace(/^leaf\./, ''),
            })),
          );
      const { outcome } = validatorOutcome(validator, JSON.parse(JSON.stringify(leaf)));
      const actual = outcome.ok ? [] : outcome.kind === 'issues' ? sorted(outcome.issues) : ['?'];
      tally.compared += 1;
      tally.byTarget.component = (tally.byTarget.component ?? 0) + 1;
      if (JSON.stringify(expected) !== JSON.stringify(actual))
        mismatches.push(
          `leaf=${candidate.label}: Strapi ${JSON.stringify(expected)}, validator ${JSON.stringify(actual)}`,
        );
    }
    assert.deepEqual(mismatches, []);
  });

  it('the inputs Strapi answers with a 500 (a null blocks node) are still 500s', async () => {
    for (const known of KNOWN_500) {
      const data = { ...baseCheck(part.context), ...known.data };
      for (const path of ['/api/checks?status=draft', '/api/checks']) {
        const { status } = await part.request('POST', path, data);
        assert.equal(status, 500, `${known.label} on ${path}: ${KNOWN_500_WHY}`);
      }
      // The validator refuses it (Strapi would have, but for its TypeError).
      assert.ok(validatorOutcome(part.validators.checks.draft, data).raw.issues, known.label);
    }
  });
});

/** An update body that sets one field. */
function singleUpdate(field: string, candidate: Candidate, context: InputContext): Input {
  return { labels: [`${field}=${candidate.label}`], data: { [field]: candidate.value(context) } };
}

describe('on PostgreSQL, the database refuses only the known values', {
  skip: databaseSkip(['postgres']),
  timeout: 600_000,
}, () => {
  let database: DatabaseServer;
  let part: Part;
  const tally = newTally();

  before(async () => {
    database = await startDatabase('postgres');
    part = await bootPart('validators-postgres', database);
  });

  after(async () => {
    console.log(report(tally, 'PostgreSQL'));
    await Promise.all(booted.splice(0).map((strapi) => strapi.stop()));
    await database?.stop();
  });

  it('every database-dependent value as a draft and as published: only KNOWN_POSTGRES differ, as 500s', async () => {
    const inputs = singleInputs(databaseCandidates(), baseCheck, part.context);
    const found = new Map<string, string[]>();
    const other: Finding[] = [];
    await pool(inputs, async (input) => {
      for (const [target, path] of [
        ['draft', '/api/checks?status=draft'],
        ['create', '/api/checks'],
      ] as const) {
        const finding = await compare(part, tally, target, input, path);
        if (!finding) continue;
        const label = input.labels.join(' ');
        if (finding.strapi.status === 500 && KNOWN_POSTGRES.some((known) => known.label === label))
          found.set(label, [...(found.get(label) ?? []), target]);
        else other.push(finding);
      }
    });
    assert.deepEqual(other, [], `seed ${SEED}: disagreements on PostgreSQL besides the known ones`);
    assert.deepEqual(
      [...found.keys()].sort(),
      KNOWN_POSTGRES.map((known) => known.label).sort(),
      'the values PostgreSQL refuses (500) where the rules accept them',
    );
  });
});

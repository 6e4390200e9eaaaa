/**
 * The generated files pass the linters users run on their projects, untouched:
 *
 * - ESLint 9 with the eslint.config.mjs create-next-app 16 writes (core-web-vitals and
 *   typescript from eslint-config-next), in a project with create-next-app's tsconfig.json, run
 *   as `npm run lint` runs it (the `eslint` bin, no arguments). ESLint 9 reports unused
 *   disable directives by default: a control file with the `/* eslint-disable *\/` the output
 *   carried before shows that report.
 * - Biome's defaults (`biome lint` with an empty biome.json): no error, warning or info, with a
 *   control for an info Biome gives on declaration files.
 *
 * The real `cms-types generate` writes the kitchen schema's output in both formats, and the
 * other committed payloads' ts output (their per-schema files differ), into src/. ESLint and
 * eslint-config-next are installed with Next (the config loads Next's parser) into
 * .cache/build-tools (test/helpers/build-tools.ts); Biome is this package's devDependency.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { ROOT } from '../harness/paths.ts';
import { toolEnv, toolsDir } from '../helpers/build-tools.ts';
import { runCli } from '../helpers/cli.ts';
import { NEXT_COMPILER_OPTIONS } from '../helpers/next-tsconfig.ts';
import { run } from '../helpers/run.ts';
import { listFiles } from '../helpers/runtime-parts.ts';

/** create-next-app 16's eslint.config.mjs, as it writes it. */
const ESLINT_CONFIG = `import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const eslintConfig = defineConfig([
  ...nextVitals,
  ...nextTs,
  // Override default ignores of eslint-config-next.
  globalIgnores([
    // Default ignores of eslint-config-next:
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
  ]),
]);

export default eslintConfig;
`;

/** create-next-app 16's tsconfig.json, as it writes it. */
const TSCONFIG = {
  compilerOptions: {
    ...NEXT_COMPILER_OPTIONS,
    jsx: 'react-jsx',
    plugins: [{ name: 'next' }],
    paths: { '@/*': ['./src/*'] },
  },
  include: [
    'next-env.d.ts',
    '**/*.ts',
    '**/*.tsx',
    '.next/types/**/*.ts',
    '.next/dev/types/**/*.ts',
    '**/*.mts',
  ],
  exclude: ['node_modules'],
};

/** An App Router page that reads through each generated client, as an application would. */
const PAGE = `import { CmsClient as JsClient } from "@/cms-js";
import { CmsClient as TsClient } from "@/cms-ts";

export default async function Home() {
  const baseURL = process.env.CMS_URL ?? "http://127.0.0.1:1337";
  const [js, ts] = await Promise.all([
    new JsClient({ baseURL }).tags.find({ fields: ["name"] }),
    new TsClient({ baseURL }).tags.find({ fields: ["name"] }),
  ]);
  return (
    <main>
      {[...js, ...ts].map((tag) => (
        <p key={tag.documentId}>{tag.name}</p>
      ))}
    </main>
  );
}
`;

const PAYLOADS = join(ROOT, 'test', 'fixtures', 'payloads');
/** Output folder (under src/) -> payload and format. */
const OUTPUTS: Record<string, [string, 'js' | 'ts']> = {
  'cms-js': ['kitchen', 'js'],
  'cms-ts': ['kitchen', 'ts'],
  'refresh-ts': ['kitchen-refresh', 'ts'],
  'launchpad-ts': ['launchpad', 'ts'],
  'foodadvisor-ts': ['foodadvisor', 'ts'],
  'routes-ts': ['routes', 'ts'],
};

interface EslintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number }[];
}

let dir = '';
let tools = '';
/** Every generated file, relative to the project. */
let generated: string[] = [];

before(async () => {
  tools = await toolsDir();
  dir = join(tools, 'projects', 'lint-next');
  rmSync(dir, { recursive: true, force: true });
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'lint-next', version: '0.1.0', private: true, scripts: { lint: 'eslint' } }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    'eslint.config.mjs': ESLINT_CONFIG,
    'src/app/page.tsx': PAGE,
    'src/app/layout.tsx':
      'export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const [output, [payload, format]] of Object.entries(OUTPUTS)) {
    const schema = join(PAYLOADS, `${payload}.json`);
    const ran = await runCli(
      ['generate', '--schema', schema, '--output', `src/${output}`, '--format', format],
      {
        cwd: dir,
      },
    );
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    for (const file of listFiles(join(dir, 'src', output)))
      if (file !== '.cms-types.json') generated.push(`src/${output}/${file}`);
  }
  generated = generated.sort();
});

/** Runs the project's ESLint bin on `args` and returns its JSON report. */
async function eslint(args: string[]): Promise<EslintResult[]> {
  const ran = await run(
    process.execPath,
    [join(tools, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...args],
    {
      cwd: dir,
      env: toolEnv(),
    },
  );
  const json = ran.stdout.slice(ran.stdout.indexOf('['));
  assert.ok(json.startsWith('['), `eslint printed no report (exit ${ran.code}):\n${ran.output}`);
  return JSON.parse(json) as EslintResult[];
}

describe("create-next-app's ESLint config", () => {
  it('lints every generated file (.js, .d.ts, .ts) and reports nothing', async () => {
    const results = await eslint([]);
    const linted = results.map((result) => relative(dir, result.filePath));
    const skipped = generated.filter((file) => !linted.includes(file) && !file.endsWith('package.json'));
    assert.deepEqual(skipped, [], 'eslint skipped generated files');
    const problems = results.flatMap((result) =>
      result.messages.map(
        (message) =>
          `${relative(dir, result.filePath)}:${message.line} ${message.ruleId}: ${message.message}`,
      ),
    );
    assert.deepEqual(problems, []);
  });

  it('control: the eslint-disable comment the output carried before is reported as unused', async () => {
    writeFileSync(join(dir, 'src', 'control.ts'), '/* eslint-disable */\n\nexport const control = 1;\n');
    try {
      const [result] = await eslint(['src/control.ts']);
      assert.match(result?.messages[0]?.message ?? '', /Unused eslint-disable directive/);
    } finally {
      rmSync(join(dir, 'src', 'control.ts'));
    }
  });
});

describe("Biome's defaults", () => {
  const biome = (args: string[]) =>
    run(
      process.execPath,
      [
        join(ROOT, 'node_modules/@biomejs/biome/bin/biome'),
        'lint',
        '--error-on-warnings',
        '--max-diagnostics=200',
        ...args,
      ],
      { cwd: dir, env: toolEnv() },
    );

  it('biome lint with an empty biome.json reports nothing', async () => {
    writeFileSync(join(dir, 'biome.json'), '{}\n');
    const ran = await biome(Object.keys(OUTPUTS).map((output) => `src/${output}`));
    assert.equal(ran.code, 0, ran.output);
    // Every generated file, and the state file of each output.
    const checked = generated.length + Object.keys(OUTPUTS).length;
    assert.match(ran.output, new RegExp(`Checked ${checked} files`), ran.output);
    assert.doesNotMatch(ran.output, /Found \d+/, ran.output);
  });

  it('control: Biome flags the export {} tsc ended runtime.d.ts with', async () => {
    writeFileSync(
      join(dir, 'src', 'control.d.ts'),
      'declare const a: number;\nexport declare const b: number;\nexport {};\n',
    );
    try {
      const ran = await biome(['src/control.d.ts']);
      assert.match(ran.output, /lint\/complexity\/noUselessEmptyExport/);
      assert.match(ran.output, /Found 1 info/, 'an info: the exit code alone does not tell');
    } finally {
      rmSync(join(dir, 'src', 'control.d.ts'));
    }
  });
});

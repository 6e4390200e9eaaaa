/**
 * The CLI shows at most a six-character prefix of the token in anything it prints: errors,
 * progress and information alike, whether the token came from `--token`, `--token=` or
 * `CMS_TOKEN`, even where a user pasted it into another flag.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMain } from '../../helpers/cli-main.ts';

const TOKEN = 'f00dcafe0123456789abcdef0123456789abcdef';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the CLI never prints the token', () => {
  let project = '';
  let url = '';
  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'cms-secrets-'));
    writeFileSync(join(project, 'package.json'), '{"name":"secrets","private":true}\n');
    url = `http://127.0.0.1:${await closedPort()}`;
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  const run = (argv: string[], env: Record<string, string> = {}, signal?: AbortSignal) =>
    runMain(argv, { cwd: project, env, ...(signal ? { signal } : {}) });

  const sources: [string, string[], Record<string, string>][] = [
    ['--token', ['--token', TOKEN], {}],
    ['--token=', [`--token=${TOKEN}`], {}],
    ['CMS_TOKEN', [], { CMS_TOKEN: TOKEN }],
  ];
  for (const [label, flags, env] of sources) {
    it(`from ${label}: a message that would contain it shows a prefix only`, async () => {
      // The token pasted into the URL's path by mistake ends up in the connection error.
      const { code, text } = await run(
        ['generate', '--url', `${url}/${TOKEN}`, '--output', 'src/cms', ...flags],
        env,
      );
      assert.equal(code, 3, text);
      assert.match(text, /Could not connect to Strapi/);
      assert.ok(!text.includes(TOKEN), text);
      assert.ok(text.includes(`${TOKEN.slice(0, 6)}…`), text);
    });
  }

  it('check and a usage error redact it too', async () => {
    const check = await run(['check', '--url', `${url}/${TOKEN}`, '--output', 'src/cms'], {
      CMS_TOKEN: TOKEN,
    });
    assert.ok(!check.text.includes(TOKEN), check.text);
    const usage = await run(['generate', '--url', `ftp://${TOKEN}`, '--output', 'src/cms', '--token', TOKEN]);
    assert.equal(usage.code, 3, usage.text);
    assert.ok(!usage.text.includes(TOKEN), usage.text);
  });

  it('watch progress lines redact it as well', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 400);
    const { text } = await run(
      ['watch', '--url', `${url}/${TOKEN}`, '--output', 'src/cms'],
      { CMS_TOKEN: TOKEN },
      stop.signal,
    );
    assert.match(text, /Watching .* for schema changes/);
    assert.match(text, /Lost the connection/);
    assert.ok(!text.includes(TOKEN), text);
  });

  it('help recommends CMS_TOKEN over --token', async () => {
    const { text } = await run(['generate', '--help']);
    assert.match(text, /--token <token>\s+API token; prefer the CMS_TOKEN variable/);
    const { text: top } = await run(['--help']);
    assert.match(top, /CMS_TOKEN \(API token; preferred over --token\)/);
  });
});

/**
 * The bundle benchmark's floor for the whole client (bench/lib/wordless.ts): the wording of
 * messages emptied, the code around it kept. Checked on source text and on a generated client,
 * whose wordless copy must still load and answer a request (or the floor would weigh code that
 * does not run).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ourClientSize } from '../../bench/lib/bundle-size.ts';
import { emptyDir, generateOurs } from '../../bench/lib/generators.ts';
import { WORK_DIR } from '../../bench/lib/paths.ts';
import { syntheticPayload } from '../../bench/lib/synthetic.ts';
import { withoutWording, wordlessCopy } from '../../bench/lib/wordless.ts';

describe('the whole client without wording', () => {
  it('empties strings and template texts with a space, and keeps names, paths and the code', () => {
    const source = [
      "import { x } from './runtime.js';",
      "const header = 'application/json';",
      'throw new TypeError("Query parameters must be a plain object");',
      `const message = \`Request timed out after \${ms} ms: \${url}\`;`,
      `const path = \`upload/files/\${id}\`;`,
    ].join('\n');
    const result = withoutWording(source);
    assert.match(result, /from "\.\/runtime\.js"/);
    assert.match(result, /"application\/json"/);
    assert.match(result, /new TypeError\(""\)/);
    assert.match(result, /`\$\{ms\}\$\{url\}`/);
    assert.match(result, /`upload\/files\/\$\{id\}`/);
    assert.doesNotMatch(result, /plain object|timed out/);
  });

  it('leaves a generated client that is smaller and still sends a request', async () => {
    const dir = emptyDir(join(WORK_DIR, 'wordless-test'));
    generateOurs(syntheticPayload(5), dir, 'js');
    const copy = wordlessCopy(dir);
    const [whole, wordless] = [await ourClientSize(dir), await ourClientSize(copy)];
    assert.ok(wordless.gzip < whole.gzip, `${wordless.gzip} B against ${whole.gzip} B`);
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: [{ id: 1, documentId: 'a', path: request.url }], meta: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { CmsClient } = await import(pathToFileURL(join(copy, 'index.js')).href);
      const cms = new CmsClient({ baseURL: `http://127.0.0.1:${port}` });
      const [entry] = await cms.records0000.find({ filters: { title: { $eq: 'x' } } });
      assert.equal(entry.path, '/api/records0000?filters[title][$eq]=x');
      // A failure still throws the same class, without its wording.
      await assert.rejects(cms.records0000.find({ filters: { 'a[b]': 1 } }), TypeError);
    } finally {
      server.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

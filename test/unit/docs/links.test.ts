/**
 * The README and the pages under docs/ link to each other, to examples and to files of the
 * repository: every relative link must point at a file that exists, and a link with an anchor
 * (`#heading`) at a heading of that file, named as GitHub and npm name it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../../harness/paths.ts';

/** Markdown outside fenced code blocks, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const anchor = anchorOf(heading ?? '');
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a Markdown file (images included), without external links. */
export function relativeLinks(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map(
    ([, target]) => target ?? '',
  );
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Every problem with the relative links of `file`: a missing file or a missing heading. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const link of relativeLinks(readFileSync(file, 'utf8'))) {
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${link}`;
    if (!existsSync(target)) {
      problems.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined || !target.endsWith('.md') || statSync(target).isDirectory()) continue;
    if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) problems.push(`${where} (no such heading)`);
  }
  return problems;
}

const pages = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
];

describe('links between the README and docs/', () => {
  it('names anchors as GitHub does', () => {
    assert.equal(
      anchorOf('Imports between the `--format ts` files'),
      'imports-between-the---format-ts-files',
    );
    assert.equal(anchorOf('Settings: the config and .env files'), 'settings-the-config-and-env-files');
    assert.deepEqual([...anchorsOf('# A\n## B\n```\n# C\n```\n## B\n')], ['a', 'b', 'b-1']);
  });

  it('finds relative links and images, not external ones or code', () => {
    const markdown =
      '[a](docs/a.md#x) ![c](docs/c.svg) [b](https://x.dev) [m](mailto:a@b.c)\n```\n[d](d.md)\n```\n';
    assert.deepEqual(relativeLinks(markdown), ['docs/a.md#x', 'docs/c.svg']);
  });

  it('the README links to the pages under docs/', () => {
    const linked = new Set(
      relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((link) => link.split('#')[0]),
    );
    for (const page of pages.filter((page) => dirname(page) === join(ROOT, 'docs')))
      assert.ok(linked.has(relative(ROOT, page)), `README.md does not link ${relative(ROOT, page)}`);
  });

  for (const page of pages)
    it(`every relative link of ${relative(ROOT, page)} resolves`, () => {
      assert.deepEqual(brokenLinks(page), []);
    });
});
